import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../db/schema.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  subscribedUser,
  testDbKind,
  type Harness,
} from '../test/harness.js';
import { parsePrometheusText, sampleValue } from '../test/prometheus-text.js';
import { bearerMatches, UNMATCHED_ROUTE } from './metrics.js';

const DURATION = 'flockr_http_request_duration_seconds';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

async function scrape(app: Harness['app'], headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

describe('GET /metrics', () => {
  it('counts requests by method, route pattern and status, never by raw URL', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await h.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    }
    for (const url of ['/api/v1/no-such-a', '/api/v1/no-such-b?x=1', '/wp-login.php']) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const { samples, types } = await scrape(h.app);
    expect(types.get(DURATION)).toBe('histogram');
    expect(
      sampleValue(samples, `${DURATION}_count`, {
        method: 'GET',
        route: '/api/v1/health',
        status_code: '200',
      }),
    ).toBe(3);
    expect(
      sampleValue(samples, `${DURATION}_count`, {
        method: 'GET',
        route: UNMATCHED_ROUTE,
        status_code: '404',
      }),
    ).toBe(3);
    const routes = new Set(
      samples.filter((s) => s.name === `${DURATION}_count`).map((s) => s.labels.route),
    );
    expect([...routes].some((r) => r?.includes('no-such') || r?.includes('wp-login'))).toBe(false);
    // The buckets are in seconds: the +Inf bucket holds every request, the 10 s one too.
    expect(sampleValue(samples, `${DURATION}_bucket`, { route: '/api/v1/health', le: '10' })).toBe(
      3,
    );
  });

  it('has process metrics and the password-hashing line, and the pool on PostgreSQL only', async () => {
    const { samples, types } = await scrape(h.app);
    expect(types.get('flockr_process_cpu_user_seconds_total')).toBe('counter');
    expect(sampleValue(samples, 'flockr_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'flockr_password_hash_running')).toBe(0);
    expect(sampleValue(samples, 'flockr_password_hash_waiting')).toBe(0);
    expect(sampleValue(samples, 'flockr_password_hash_threads')).toBeGreaterThanOrEqual(0);
    const pool = sampleValue(samples, 'flockr_db_pool_connections');
    if (testDbKind() === 'postgres') {
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'flockr_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'flockr_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });

  it('reports the business figures and counters after a real sign-up, purchase and download', async () => {
    const figures = [
      'flockr_figures_signups',
      'flockr_figures_orders_placed',
      'flockr_figures_orders_paid',
      'flockr_figures_orders_completed',
      'flockr_figures_subscriptions_created',
    ];
    const counters = [
      'flockr_signups_total',
      'flockr_orders_placed_total',
      'flockr_payments_completed_total',
      'flockr_downloads_total',
    ];
    const transition = { from: 'PENDING', to: 'COMPLETED' };
    const before = await scrape(h.app);
    for (const name of figures) {
      expect(before.types.get(name), name).toBe('gauge');
      expect(sampleValue(before.samples, name), name).toBeGreaterThanOrEqual(0);
    }
    for (const name of counters) expect(before.types.get(name), name).toBe('counter');
    const was = (name: string, labels?: Record<string, string>) =>
      sampleValue(before.samples, name, labels) ?? 0;

    const buyer = await subscribedUser(h.app);
    const link = await h.app.inject({
      method: 'GET',
      url: '/api/v1/downloads/link?version=1.0.0',
      headers: buyer.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json<{ download_url: string }>().download_url);
    for (let i = 0; i < 2; i += 1) {
      // The same link used twice (a resumed download) is one download.
      const file = await h.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(file.statusCode).toBe(200);
    }

    // Paid on the sandbox, the purchase is a test order: no business metric counts it, but the
    // transition (how the service works) is counted (docs/billing.md "Test mode").
    const tested = (await scrape(h.app)).samples;
    const business = new Set([
      'flockr_figures_orders_placed',
      'flockr_figures_orders_paid',
      'flockr_figures_orders_completed',
      'flockr_figures_subscriptions_created',
      'flockr_orders_placed_total',
      'flockr_payments_completed_total',
    ]);
    for (const name of [...figures, ...counters]) {
      expect({ name, value: sampleValue(tested, name) ?? 0 }).toEqual({
        name,
        value: was(name) + (business.has(name) ? 0 : 1),
      });
    }
    expect(sampleValue(tested, 'flockr_order_transitions_total', transition)).toBe(
      was('flockr_order_transitions_total', transition) + 1,
    );

    // A live one, as a live provider's checkout records it, completed: every figure counts it.
    const live = await registerUser(h.app, 'metrics-live');
    const { orderId } = await orderAndCheckout(h.app, live.headers);
    await h.db.update(orders).set({ livemode: true }).where(eq(orders.id, orderId));
    const admin = await registerUser(h.app, 'metrics-admin');
    await h.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.user.id));
    const completed = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'COMPLETED' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const after = (await scrape(h.app)).samples;
    for (const name of [...business].filter((n) => n !== 'flockr_orders_placed_total')) {
      expect({ name, value: sampleValue(after, name) }).toEqual({ name, value: was(name) + 1 });
    }
    // Placed as a test order (the sandbox), it was not counted when placed; recorded live later.
    expect(sampleValue(after, 'flockr_orders_placed_total') ?? 0).toBe(
      was('flockr_orders_placed_total'),
    );
    // The purchase's routes are labelled by their patterns.
    expect(
      sampleValue(after, `${DURATION}_count`, {
        method: 'POST',
        route: '/api/v1/payments/sandbox/sessions/:sessionId/pay',
        status_code: '200',
      }),
    ).toBe(1);
  });

  it('is outside the API: not in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let secured: Harness;
  beforeAll(async () => {
    // A second app in the same process: its own registry, no clash of metric names.
    secured = await createHarness({ metricsToken: token });
  });
  afterAll(async () => {
    await secured.close();
  });

  it('is required as a bearer token when set', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, 'Bearer ', token]) {
      const res = await secured.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('flockr_');
    }
    const { samples } = await scrape(secured.app, { authorization: `Bearer ${token}` });
    expect(sampleValue(samples, 'flockr_figures_signups')).toBeGreaterThanOrEqual(0);
  });

  it('is compared whole', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });
});
