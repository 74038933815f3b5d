/**
 * The download centre's calls on a real database: versions with their changelog notes, and a
 * link sent by e-mail to the subscriber's own address that serves the file for 24 hours while
 * the subscription lasts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  downloadHistoryResponseSchema,
  emailDownloadLinkResponseSchema,
  versionsResponseSchema,
} from '@flockr/contract';
import { changelogEntries } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { createHarness, registerUser, subscribedUser, type Harness } from '../../test/harness.js';

type Sent = Parameters<Mailer['send']>[0];
const sent: Sent[] = [];
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { mailer: { send: async (m) => void sent.push(m) } });
});
afterAll(async () => {
  await h.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });
const emailLink = (headers: Record<string, string>, payload: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/v1/downloads/email-link', headers, payload });
const mailsTo = (email: string) =>
  sent.filter((m) => m.to === email && m.subject.includes('download link'));
/** The download URL in an e-mail's text part. */
const linkIn = (mail: Sent) =>
  /(http\S+\/api\/v1\/downloads\/file\?token=\S+)/.exec(mail.text)![1]!;

describe('GET /downloads/versions', () => {
  it("carries each version's notes from its published changelog entry", async () => {
    const user = await subscribedUser(h.app);
    const { versions } = versionsResponseSchema.parse(
      (await get('/api/v1/downloads/versions', user.headers)).json(),
    );
    expect(versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
    expect(versions[0]!.notes).toEqual({
      title: 'Smart scheduling and a faster dashboard',
      summary: expect.stringContaining('Smart scheduling'),
    });
    expect(versions[0]!.notes!.summary).not.toMatch(/\*\*|##/);
    expect(versions[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(versions[1]!.notes?.title).toBe('First release');
  });

  it('hides the notes of an entry that is not published', async () => {
    const user = await subscribedUser(h.app);
    await h.db
      .update(changelogEntries)
      .set({ isPublished: false })
      .where(eq(changelogEntries.version, '1.0.0'));
    try {
      const { versions } = versionsResponseSchema.parse(
        (await get('/api/v1/downloads/versions', user.headers)).json(),
      );
      expect(versions.find((v) => v.version === '1.0.0')!.notes).toBeNull();
    } finally {
      await h.db
        .update(changelogEntries)
        .set({ isPublished: true })
        .where(eq(changelogEntries.version, '1.0.0'));
    }
  });
});

describe('POST /downloads/email-link', () => {
  it('answers 401 signed out and 403 without a subscription, sending nothing', async () => {
    expect((await emailLink({})).statusCode).toBe(401);
    const user = await registerUser(h.app);
    const res = await emailLink(user.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: API_ERRORS.subscriptionRequired,
      code: 'SUBSCRIPTION_REQUIRED',
    });
    expect(mailsTo(user.payload.email)).toHaveLength(0);
  });

  it('answers 404 for an unknown version and 400 for a malformed body', async () => {
    const user = await subscribedUser(h.app);
    const unknown = await emailLink(user.headers, { version: '9.9.9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'RELEASE_NOT_FOUND' });
    expect((await emailLink(user.headers, { version: 'latest' })).statusCode).toBe(400);
    expect((await emailLink(user.headers, { email: 'someone@else.example' })).statusCode).toBe(400);
    expect(sent.filter((m) => m.to === 'someone@else.example')).toHaveLength(0);
  });

  it("e-mails a 24-hour link to the account's own address that serves the file once fetched", async () => {
    const user = await subscribedUser(h.app);
    const res = await emailLink(user.headers, { version: '1.0.0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const answer = emailDownloadLinkResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ sent_to: user.payload.email, version: '1.0.0' });
    expect(answer.message).toBe(
      `We sent a link to flockr-v1.0.0.zip to ${user.payload.email}. It works for 24 hours.`,
    );
    const ttl = Date.parse(answer.expires_at) - h.clock.now().getTime();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    const [mail] = mailsTo(user.payload.email);
    expect(mail).toMatchObject({ kind: 'transactional' });
    expect(mail!.subject).toContain('1.0.0');
    expect(mail!.html).toContain('flockr-v1.0.0.zip');
    // Nothing is recorded until the file is fetched.
    const before = downloadHistoryResponseSchema.parse(
      (await get('/api/v1/downloads/history', user.headers)).json(),
    );
    expect(before.downloads).toHaveLength(0);

    const url = new URL(linkIn(mail!));
    const file = await get(url.pathname + url.search);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/flockr-v1\.0\.0\.zip/);
    const after = downloadHistoryResponseSchema.parse(
      (await get('/api/v1/downloads/history', user.headers)).json(),
    );
    expect(after.downloads.map((d) => d.version)).toEqual(['1.0.0']);
  });

  it('sends the newest version when none is asked for', async () => {
    const user = await subscribedUser(h.app);
    const res = await emailLink(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '1.1.0' });
    expect(mailsTo(user.payload.email)[0]!.text).toContain('flockr-v1.1.0.zip');
  });

  it('stops serving the e-mailed link once the 24 hours are over', async () => {
    const user = await subscribedUser(h.app);
    expect((await emailLink(user.headers)).statusCode).toBe(200);
    const url = new URL(linkIn(mailsTo(user.payload.email)[0]!));
    h.clock.advance(24 * 3600_000 + 1_000);
    try {
      const file = await get(url.pathname + url.search);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ code: 'DOWNLOAD_LINK_INVALID' });
    } finally {
      h.clock.reset();
    }
  });
});

describe('POST /downloads/email-link rate limit', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await createHarness(
      {
        rateLimits: {
          loginPerIp: 10_000,
          loginPerAccount: 10_000,
          sensitivePerIp: 4,
          windowMs: 15 * 60_000,
        },
      },
      { mailer: { send: async () => {} } },
    );
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After once the per-address limit of e-mail calls is used up', async () => {
    // Registering counts too: 1 registration + 3 links use up the 4 allowed.
    const user = await subscribedUser(limited.app);
    const send = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/downloads/email-link',
        headers: user.headers,
        payload: {},
      });
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: API_ERRORS.tooManyRequests,
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
