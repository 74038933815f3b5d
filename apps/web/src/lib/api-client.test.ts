import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, AUTH_EVENTS, STORAGE_KEYS, TUNNEL_WARNING_HEADER } from '@flockr/contract';
import { json, mockApi } from '../test/mock-api';
import { makeUser } from '../test/fixtures';
import { signIn } from '../test/render';
import { ApiError, REQUEST_TIMEOUT_TEXT, api, apiUrl } from './api-client';

afterEach(() => {
  vi.useRealTimers();
});

/** Runs `promise` and returns the ApiError it rejects with. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('api client', () => {
  it('calls /api/v1 with the tunnel header and the stored bearer token', async () => {
    signIn(makeUser(), 'tok-123');
    const { calls } = mockApi({ 'GET /plans-test': { ok: true } });
    await expect(api.get('/plans-test', { query: { page: 2, q: undefined } })).resolves.toEqual({
      ok: true,
    });
    expect(calls[0]!.url.pathname).toBe('/api/v1/plans-test');
    expect(calls[0]!.url.search).toBe('?page=2');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(calls[0]!.headers.get(TUNNEL_WARNING_HEADER.name)).toBe(TUNNEL_WARNING_HEADER.value);
  });

  it('sends no Authorization header when signed out', async () => {
    const { calls } = mockApi({ 'GET /x': {} });
    await api.get('/x');
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
    expect(apiUrl('/x')).toBe('/api/v1/x');
  });

  describe('error text precedence (spec section 8)', () => {
    it('uses the answer error field first', async () => {
      mockApi({ 'GET /x': json({ error: 'From error', message: 'From message' }, 400) });
      const error = await failure(api.get('/x', { fallback: 'Fallback' }));
      expect(error.message).toBe('From error');
      expect(error.status).toBe(400);
      expect(error.kind).toBe('http');
    });

    it('then the message field', async () => {
      mockApi({ 'GET /x': json({ message: 'From message' }, 422) });
      expect((await failure(api.get('/x', { fallback: 'Fallback' }))).message).toBe('From message');
    });

    it('then the thrown error message when no answer came', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      );
      const error = await failure(api.get('/x', { fallback: 'Fallback' }));
      expect(error.message).toBe('Failed to fetch');
      expect(error.kind).toBe('network');
      expect(error.status).toBeUndefined();
    });

    it('then the operation default', async () => {
      mockApi({ 'GET /x': new Response(null, { status: 500 }) });
      expect((await failure(api.get('/x', { fallback: 'Failed to fetch plans' }))).message).toBe(
        'Failed to fetch plans',
      );
    });
  });

  it('gives up after API_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const pending = failure(api.get('/slow', { fallback: 'Fallback' }));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(REQUEST_TIMEOUT_TEXT);
  });

  it('ends the session on any 401: clears storage and broadcasts auth-expired', async () => {
    signIn(makeUser());
    const expired = vi.fn();
    window.addEventListener(AUTH_EVENTS.expired, expired);
    mockApi({ 'GET /orders': json({ error: 'Authentication required' }, 401) });
    const error = await failure(api.get('/orders'));
    window.removeEventListener(AUTH_EVENTS.expired, expired);
    expect(error.status).toBe(401);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('keeps the session on a 401 from the login call (wrong credentials)', async () => {
    signIn(makeUser());
    const expired = vi.fn();
    window.addEventListener(AUTH_EVENTS.expired, expired);
    mockApi({ 'POST /auth/login': json({ error: 'Invalid email or password' }, 401) });
    const error = await failure(api.post('/auth/login', {}, { expireSessionOn401: false }));
    window.removeEventListener(AUTH_EVENTS.expired, expired);
    expect(error.message).toBe('Invalid email or password');
    expect(expired).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });
});
