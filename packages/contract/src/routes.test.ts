/** Endpoint keys ('GET /auth/me'): each names one endpoint of the route table. */
import { describe, expect, it } from 'vitest';
import { endpointKey, parseEndpointKey } from './http.js';
import { API, ENDPOINTS, endpointAt, type EndpointKey } from './routes.js';

describe('endpoint keys', () => {
  it('are unique in the table', () => {
    const keys = ENDPOINTS.map(endpointKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('find their endpoint, and parse back into its method and path', () => {
    for (const endpoint of ENDPOINTS) {
      const key = endpointKey(endpoint) as EndpointKey;
      expect(endpointAt(key)).toBe(endpoint);
      expect(parseEndpointKey(key)).toEqual({ method: endpoint.method, path: endpoint.path });
    }
    expect(endpointAt('GET /auth/me')).toBe(API.auth.me);
    expect(endpointAt('GET /payments/orders/:id/status')).toBe(API.payments.orderStatus);
  });

  it('refuse a key the table does not have', () => {
    expect(() => endpointAt('GET /nowhere' as EndpointKey)).toThrow('No endpoint GET /nowhere');
  });
});
