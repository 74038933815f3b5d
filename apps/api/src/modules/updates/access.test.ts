/**
 * The user's own update settings (`/updates/me`) and the access rule of subscriptions/access.ts through the
 * API: channel, feed token and its rotation, a refunded last period, a plan without access after
 * expiry. The feeds themselves, with real updaters, are in feeds.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPlansResponseSchema, myUpdatesResponseSchema } from '@flockr/contract';
import { plans } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import {
  createHarness,
  registerUser,
  signIn,
  subscribedUser,
  type Harness,
} from '../../test/harness.js';
import { FEED_TOKEN_LENGTH } from './feed-token.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'admin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => h.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

const me = async (headers: Record<string, string>) =>
  myUpdatesResponseSchema.parse((await call('GET', '/updates/me', headers)).json());

/** The Velopack feed of `token` for Windows (answers 200 even with no package to offer). */
const feed = (token: string) => call('GET', `/updates/t/${token}/velopack/releases.win.json`);

describe('/updates/me', () => {
  it('starts on stable with a feed token in every feed URL, and answers no-store', async () => {
    const user = await subscribedUser(h.app);
    const res = await call('GET', '/updates/me', user.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    const mine = myUpdatesResponseSchema.parse(res.json());
    expect(mine.channel).toBe('stable');
    expect(mine.feed_token).toHaveLength(FEED_TOKEN_LENGTH);
    for (const url of Object.values(mine.feeds)) expect(url).toContain(`/t/${mine.feed_token}/`);
    expect(mine.access).toEqual({ kind: 'all', until: null, reason: null });
    expect((await call('GET', '/updates/me')).statusCode).toBe(401);
  });

  it('changes the channel; a bad channel is a 400 that changes nothing', async () => {
    const user = await subscribedUser(h.app);
    const bad = await call('PUT', '/updates/me', user.headers, { channel: 'nightly' });
    expect(bad.statusCode).toBe(400);
    expect((await me(user.headers)).channel).toBe('stable');
    const ok = await call('PUT', '/updates/me', user.headers, { channel: 'beta' });
    expect(myUpdatesResponseSchema.parse(ok.json()).channel).toBe('beta');
    expect((await me(user.headers)).channel).toBe('beta');
  });

  it('rotating the feed token stops the old one at once', async () => {
    const user = await subscribedUser(h.app);
    const before = (await me(user.headers)).feed_token;
    expect((await feed(before)).statusCode).toBe(200);
    const rotated = myUpdatesResponseSchema.parse(
      (await call('POST', '/updates/me/feed-token', user.headers)).json(),
    );
    expect(rotated.feed_token).not.toBe(before);
    const old = await feed(before);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'FEED_TOKEN_INVALID' });
    expect((await feed(rotated.feed_token)).statusCode).toBe(200);
    // A token of another user's id with this one's MAC is refused too.
    const other = (await me((await subscribedUser(h.app)).headers)).feed_token;
    expect((await feed(other.slice(0, 26) + rotated.feed_token.slice(26))).statusCode).toBe(401);
  });
});

describe('access after the subscription ends', () => {
  it('a refunded last period gives nothing: feeds and downloads answer 403', async () => {
    const user = await subscribedUser(h.app);
    const token = (await me(user.headers)).feed_token;
    const refund = await call('PUT', `/admin/orders/${user.orderId}/status`, admin.headers, {
      status: 'REFUNDED',
    });
    expect(refund.statusCode).toBe(200);
    expect((await me(user.headers)).access).toEqual({
      kind: 'none',
      until: null,
      reason: 'refunded',
    });
    const refused = await feed(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    expect((await call('GET', '/downloads/versions', user.headers)).statusCode).toBe(403);
  });

  it('follows the plan: keep releases published before the expiry, or nothing', async () => {
    const user = await subscribedUser(h.app);
    const token = (await me(user.headers)).feed_token;
    const expiresAt = Date.parse(
      (await call('GET', '/auth/me', user.headers)).json().user.subscription.expires_at,
    );
    h.clock.advance(expiresAt - Date.now() + 60_000);
    try {
      const headers = await signIn(h.app, user.payload);
      expect((await me(headers)).access).toEqual({
        kind: 'until',
        until: new Date(expiresAt).toISOString(),
        reason: null,
      });
      const kept = await feed(token);
      expect(kept.statusCode).toBe(200);
      expect(kept.headers['flockr-update-access']).toBe(
        `until=${new Date(expiresAt).toISOString()}`,
      );

      const [pro] = await h.db.select().from(plans).where(eq(plans.name, 'PRO'));
      const adminHeaders = await signIn(h.app, admin.payload);
      const set = await call('PUT', `/admin/plans/${pro!.id}`, adminHeaders, {
        after_expiry_access: 'none',
      });
      expect(set.statusCode).toBe(200);
      const listed = adminPlansResponseSchema.parse(
        (await call('GET', '/admin/plans', adminHeaders)).json(),
      );
      expect(listed.plans.find((p) => p.id === pro!.id)!.after_expiry_access).toBe('none');
      expect((await me(headers)).access).toMatchObject({ kind: 'none', reason: 'expired' });
      expect((await feed(token)).statusCode).toBe(403);
      expect((await call('GET', '/downloads/latest', headers)).statusCode).toBe(403);
    } finally {
      h.clock.reset();
      await h.db.update(plans).set({ afterExpiryAccess: 'keep_released' });
    }
  });
});
