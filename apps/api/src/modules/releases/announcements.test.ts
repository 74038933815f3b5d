/**
 * Release e-mails (docs/updates.md "Release e-mails"): offering a release on stable for the first
 * time writes nothing in the request but schedules one e-mail per subscriber who keeps product
 * e-mails on, written to the outbox by the `flockr.release-mail` job in batches; never for another
 * channel, never twice, never after a yank.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, releaseAnnouncements } from '../../db/schema.js';
import { JOBS } from '../../jobs/table.js';
import { updateUser } from '../accounts/repository.js';
import { createHarness, registerUser, subscribedUser, type Harness } from '../../test/harness.js';
import { sendReleaseMail } from './announcements.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
/** Subscribers who should get release e-mails. */
let eligible: Awaited<ReturnType<typeof subscribedUser>>[];

beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'mailadm');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  eligible = [
    await subscribedUser(h.app),
    await subscribedUser(h.app),
    await subscribedUser(h.app),
  ];
  // Marketing off, product updates on: still gets release e-mails.
  const noMarketing = eligible[2]!;
  await h.app.inject({
    method: 'PUT',
    url: '/api/v1/user/notifications',
    headers: noMarketing.headers,
    payload: { marketing_emails: false },
  });
  // Not eligible: product updates off, suspended, never subscribed.
  const quiet = await subscribedUser(h.app);
  const off = await h.app.inject({
    method: 'PUT',
    url: '/api/v1/user/notifications',
    headers: quiet.headers,
    payload: { notifications_enabled: false },
  });
  expect(off.statusCode).toBe(200);
  const suspended = await subscribedUser(h.app);
  await updateUser(h.db, suspended.user.id, { status: 'SUSPENDED' });
  await registerUser(h.app, 'nosub');
});
afterAll(async () => {
  await h.close();
});

const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  h.app.inject({ method, url: `/api/v1${url}`, headers: admin.headers, payload });

/** The release e-mails of release `id` in the outbox. */
const mailsOf = (id: string) =>
  h.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `release:${id}:%`));

async function release(version: string, extra: object) {
  const res = await call('POST', '/admin/releases', {
    version,
    release_date: '2026-12-01',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().release.id as string;
}

describe('release e-mails', () => {
  it('runs as a background job before the outbox drain', () => {
    const queues = JOBS.map((j) => j.queue);
    expect(queues).toContain('flockr.release-mail');
    expect(queues.indexOf('flockr.release-mail')).toBeLessThan(queues.indexOf('flockr.outbox'));
  });

  it('go once to every eligible subscriber when a release reaches stable, none for beta', async () => {
    const entry = await call('POST', '/admin/changelog', {
      version: '5.0.0',
      title: 'Faster and friendlier',
      changes: '## New\n- **Bulk** scheduling\n- Dark mode',
      release_date: '2026-12-01',
      is_published: true,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const id = await release('5.0.0', { channel: 'beta', publish: true });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(id)).toEqual([]);

    // On stable now: the request only records the announcement.
    const moved = await call('PATCH', `/admin/releases/${id}`, { channel: 'stable' });
    expect(moved.statusCode).toBe(200);
    expect(await mailsOf(id)).toEqual([]);
    const [scheduled] = await h.db
      .select()
      .from(releaseAnnouncements)
      .where(eq(releaseAnnouncements.releaseId, id));
    expect(scheduled).toMatchObject({ afterUserId: null, queued: 0, finishedAt: null });

    // Batches of two users: three eligible subscribers take two batches.
    const run = await sendReleaseMail(h.app.appContext, { batch: 2 });
    expect(run).toEqual({ queued: 3, finished: 1 });
    const mails = await mailsOf(id);
    expect(mails.map((m) => m.to).sort()).toEqual(eligible.map((u) => u.payload.email).sort());
    for (const user of eligible) {
      const mail = mails.find((m) => m.to === user.payload.email)!;
      expect(mail).toMatchObject({
        dedupeKey: `release:${id}:${user.user.id}`,
        kind: 'release',
        category: 'transactional',
        status: 'pending',
      });
      expect(mail.subject).toContain('5.0.0');
      expect(mail.text).toContain(`Hi ${user.user.username},`);
      expect(mail.text).toContain('Faster and friendlier');
      expect(mail.text).toContain('• Bulk scheduling');
      expect(mail.text).toContain('/downloads');
      expect(mail.html).toContain('Dark mode');
    }

    // Never twice: the job again, a withdrawal and a new publication, back to beta and stable.
    await sendReleaseMail(h.app.appContext);
    await call('PATCH', `/admin/releases/${id}`, { is_active: false });
    await call('PATCH', `/admin/releases/${id}`, { is_active: true });
    await call('PATCH', `/admin/releases/${id}`, { channel: 'beta' });
    await call('PATCH', `/admin/releases/${id}`, { channel: 'stable' });
    expect(await sendReleaseMail(h.app.appContext)).toEqual({ queued: 0, finished: 0 });
    expect(await mailsOf(id)).toHaveLength(3);
  });

  it('a batch written again (its place lost) writes no second message', async () => {
    const id = await release('5.1.0', { publish: true });
    await sendReleaseMail(h.app.appContext, { batch: 2 });
    expect(await mailsOf(id)).toHaveLength(3);
    await h.db
      .update(releaseAnnouncements)
      .set({ afterUserId: null, finishedAt: null })
      .where(eq(releaseAnnouncements.releaseId, id));
    expect(await sendReleaseMail(h.app.appContext, { batch: 2 })).toEqual({
      queued: 0,
      finished: 1,
    });
    expect(await mailsOf(id)).toHaveLength(3);
  });

  it('a draft published on stable is announced; one yanked first is not; a withdrawn one waits', async () => {
    const draft = await release('5.2.0', {});
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(draft)).toEqual([]);
    await call('PATCH', `/admin/releases/${draft}`, { is_active: true });
    await call('PATCH', `/admin/releases/${draft}`, { is_active: false });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(draft)).toEqual([]);
    await call('PATCH', `/admin/releases/${draft}`, { is_active: true });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(draft)).toHaveLength(3);

    const bad = await release('5.3.0', { publish: true });
    await call('PATCH', `/admin/releases/${bad}`, { yanked: true, yank_reason: 'broken' });
    expect(await sendReleaseMail(h.app.appContext)).toEqual({ queued: 0, finished: 1 });
    await call('PATCH', `/admin/releases/${bad}`, { yanked: false });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(bad)).toEqual([]);
  });

  it('a staged stable release is announced when its rollout reaches 100 %, not before', async () => {
    const staged = await release('5.5.0', { publish: true, rollout_percentage: 20 });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(staged)).toEqual([]);
    await call('PATCH', `/admin/releases/${staged}`, { rollout_percentage: 60 });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(staged)).toEqual([]);
    await call('PATCH', `/admin/releases/${staged}`, { rollout_percentage: 100 });
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(staged)).toHaveLength(3);
  });

  it("the spec's own way of adding a version (POST /admin/downloads, active) announces it too", async () => {
    const res = await call('POST', '/admin/downloads', {
      version: '5.4.0',
      download_url: 'https://cdn.example.com/flockr-5.4.0.zip',
      filename: 'flockr-v5.4.0.zip',
      file_size: 1234,
      release_date: '2026-12-02',
      is_active: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    await sendReleaseMail(h.app.appContext);
    expect(await mailsOf(res.json().download.id)).toHaveLength(3);
  });
});
