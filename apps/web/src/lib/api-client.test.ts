import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  API,
  API_TIMEOUT_MS,
  AUTH_EVENTS,
  CLIENT_ERRORS,
  STORAGE_KEYS,
  TUNNEL_WARNING_HEADER,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply, server } from '../test/api';
import { takeConsoleErrors } from '../test/console';
import { makePlan, makeUser } from '../test/fixtures';
import { signIn } from '../test/render';
import { ApiError, REQUEST_TIMEOUT_TEXT, call, endpointUrl } from './api-client';

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

const plans = { plans: [makePlan()], discount_info: { yearly_discount_percentage: 17 } };

describe('api client', () => {
  it('calls the endpoint under /api/v1 with the tunnel header and the stored bearer token', async () => {
    signIn(makeUser(), 'tok-123');
    mockEndpoint(API.admin.orders, {
      orders: [],
      pagination: { total: 0, page: 2, limit: 10, total_pages: 0 },
    });
    await call('GET /admin/orders', { query: { page: 2, search: undefined } });
    const [sent] = callsTo(API.admin.orders);
    expect(sent!.url.pathname).toBe('/api/v1/admin/orders');
    expect(sent!.url.search).toBe('?page=2');
    expect(sent!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(sent!.headers.get(TUNNEL_WARNING_HEADER.name)).toBe(TUNNEL_WARNING_HEADER.value);
  });

  it('fills path parameters from the route table, encoded', () => {
    expect(endpointUrl('GET /payments/orders/:id/status', { params: { id: 'a/b' } })).toBe(
      '/api/v1/payments/orders/a%2Fb/status',
    );
  });

  it('sends no Authorization header when signed out, and resolves with the parsed answer', async () => {
    mockEndpoint(API.subscriptions.plans, plans);
    await expect(call('GET /subscriptions/plans')).resolves.toEqual(plans);
    expect(callsTo(API.subscriptions.plans)[0]!.headers.has('Authorization')).toBe(false);
  });

  it('rejects an answer the endpoint never gives with "Invalid response format"', async () => {
    server.use(http.get('*/api/v1/subscriptions/plans', () => HttpResponse.json({ plans: 'no' })));
    const error = await failure(call('GET /subscriptions/plans'));
    expect(error.message).toBe(CLIENT_ERRORS.invalidResponseFormat);
    expect(error.kind).toBe('invalid-answer');
  });

  describe('errors: the text by the spec precedence (section 8), the code from the answer', () => {
    it('uses the answer error field first, and keeps its code', async () => {
      mockEndpoint(
        API.downloads.latest,
        reply(403, { error: CLIENT_ERRORS.download.forbidden, code: 'SUBSCRIPTION_REQUIRED' }),
      );
      const error = await failure(call('GET /downloads/latest', {}, { fallback: 'Fallback' }));
      expect(error.message).toBe(CLIENT_ERRORS.download.forbidden);
      expect(error.code).toBe('SUBSCRIPTION_REQUIRED');
      expect(error.status).toBe(403);
      expect(error.kind).toBe('http');
    });

    it('then the message field', async () => {
      server.use(
        http.get('*/api/v1/subscriptions/plans', () =>
          HttpResponse.json({ message: 'From message' }, { status: 502 }),
        ),
      );
      expect((await failure(call('GET /subscriptions/plans', {}, { fallback: 'F' }))).message).toBe(
        'From message',
      );
    });

    it('then the thrown error message when no answer came', async () => {
      server.use(http.get('*/api/v1/subscriptions/plans', () => HttpResponse.error()));
      const error = await failure(call('GET /subscriptions/plans', {}, { fallback: 'Fallback' }));
      expect(error.kind).toBe('network');
      expect(error.status).toBeUndefined();
      expect(error.message).not.toBe('');
    });

    it('then the operation default', async () => {
      server.use(
        http.get('*/api/v1/subscriptions/plans', () => new HttpResponse(null, { status: 500 })),
      );
      expect(
        (await failure(call('GET /subscriptions/plans', {}, { fallback: 'Failed to fetch plans' })))
          .message,
      ).toBe('Failed to fetch plans');
    });
  });

  it('gives up after API_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    server.use(http.get('*/api/v1/subscriptions/plans', () => new Promise<Response>(() => {})));
    const pending = failure(call('GET /subscriptions/plans', {}, { fallback: 'Fallback' }));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(REQUEST_TIMEOUT_TEXT);
  });

  it('ends the session on any 401: clears storage and broadcasts auth-expired', async () => {
    signIn(makeUser());
    const expired = vi.fn();
    window.addEventListener(AUTH_EVENTS.expired, expired);
    mockEndpoint(
      API.auth.me,
      reply(401, {
        error: 'Your session has expired. Please sign in again',
        code: 'SESSION_EXPIRED',
      }),
    );
    await failure(call('GET /auth/me'));
    window.removeEventListener(AUTH_EVENTS.expired, expired);
    expect(expired).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('keeps the session on a 401 from the login call (wrong credentials)', async () => {
    signIn(makeUser());
    mockEndpoint(
      API.auth.login,
      reply(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    const error = await failure(
      call(
        'POST /auth/login',
        { body: { email: 'a@b.co', password: 'x' } },
        { expireSessionOn401: false },
      ),
    );
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });
});

describe('the mock server refuses answers the server never gives', () => {
  it('an undeclared status, or a body its schema refuses, fails loudly', async () => {
    mockEndpoint(API.subscriptions.plans, reply(418 as 200, plans));
    await expect(call('GET /subscriptions/plans')).rejects.toBeInstanceOf(ApiError);
    mockEndpoint(
      API.downloads.latest,
      reply(403, { error: 'no code' } as unknown as { error: string; code: string }),
    );
    await expect(call('GET /downloads/latest')).rejects.toBeInstanceOf(ApiError);
    const errors = takeConsoleErrors().join('\n');
    expect(errors).toContain('GET /subscriptions/plans never answers 418');
    expect(errors).toContain('GET /downloads/latest would never answer 403 with that body');
  });
});
