/**
 * The e-mail outbox (docs/jobs-and-email.md): a message commits with its cause and not without it,
 * a cause applied twice mails once, a failing transport retries with backoff until the message is
 * dead, admins see dead letters and retry them (audited, admin only), concurrent senders never
 * send a message twice; on PostgreSQL the jobs run on pg-boss, two instances do not double-send a
 * reminder, and a job that fails every retry reaches the dead-letter view.
 */
import { createServer, type Socket } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDeadJobsResponseSchema,
  adminOutboxResponseSchema,
  adminOutboxRetryResponseSchema,
} from '@flockr/contract';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { auditLog, outboxMessages } from '../../db/schema.js';
import { jobRunnerOf, startJobs, stopJobs } from '../../jobs/runner.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  createHarness,
  eventually,
  registerUser,
  subscribedUser,
  testDbKind,
  type Harness,
} from '../../test/harness.js';
import { updateUser } from '../accounts/repository.js';
import { sendDueReminders } from '../subscriptions/reminders.js';
import {
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_SENT_RETENTION_DAYS,
  deliverOutbox,
  drainOutbox,
  enqueueMail,
  outboxRetryDelayMs,
} from './service.js';

type Sent = Parameters<Mailer['send']>[0];
const sent: Sent[] = [];
/** When set, the transport refuses every message with this error. */
let failWith: string | undefined;
/** Milliseconds each send takes (the concurrency test widens the race). */
let sendDelayMs = 0;
const mailer: Mailer = {
  async send(message) {
    if (sendDelayMs) await new Promise((r) => setTimeout(r, sendDelayMs));
    if (failWith) throw new Error(failWith);
    sent.push(message);
  },
};

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  h = await createHarness({}, { mailer });
  admin = await registerUser(h.app, 'outboxadmin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  failWith = undefined;
  sendDelayMs = 0;
  h.clock.reset();
});

const ctx = () => h.app.appContext;
let n = 0;
/** A message with a key of its own. */
const message = (to = `o${++n}@example.com`) => ({
  to,
  kind: 'test',
  dedupeKey: `test:${n}:${Math.random()}`,
  subject: `Test ${n}`,
  text: 'text',
  html: '<p>html</p>',
});
const rowOf = async (id: string) =>
  (await h.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
const get = (url: string, headers: Record<string, string> = admin.headers) =>
  h.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = admin.headers) =>
  h.app.inject({ method: 'POST', url, headers });

describe('writing to the outbox', () => {
  it('stops a drain before the next message once the app is closing, and marks the one in flight sent', async () => {
    const closing = new AbortController();
    const first = message();
    const second = message();
    for (const m of [first, second]) {
      await h.db.transaction((tx) => enqueueMail(tx, ctx().now(), m));
    }
    const stopping: Mailer = {
      async send(m) {
        // The app starts closing while this message is being sent.
        closing.abort();
        sent.push(m);
      },
    };
    const result = await drainOutbox({ ...ctx(), mailer: stopping, stopping: closing.signal });
    expect(result.sent).toBe(1);
    const rows = await h.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.to, [first.to, second.to]));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'sent']);
    // The one left goes out with the next run once its lease has ended.
    h.clock.advance(OUTBOX_LEASE_MS + 1_000);
    await drainOutbox(ctx());
    const after = await h.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.to, [first.to, second.to]));
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(sent.filter((m) => m.to === first.to || m.to === second.to)).toHaveLength(2);
  });

  it('commits a message with its cause, and none when the cause rolls back', async () => {
    const kept = message();
    const id = await h.db.transaction((tx) => enqueueMail(tx, ctx().now(), kept));
    const lost = message();
    await expect(
      h.db.transaction(async (tx) => {
        await enqueueMail(tx, ctx().now(), lost);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    await drainOutbox(ctx());
    expect(sent.filter((m) => m.to === kept.to)).toHaveLength(1);
    expect(sent.filter((m) => m.to === lost.to)).toHaveLength(0);
    const row = await rowOf(id!);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    // The body may hold a single-use link: erased once sent.
    expect(row.text).toBe('');
    const all = await h.db.select().from(outboxMessages).where(eq(outboxMessages.to, lost.to));
    expect(all).toEqual([]);
  });

  it('writes the password-reset e-mail with its link token, and sends it after the commit', async () => {
    const user = await registerUser(h.app, 'forgot');
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.payload.email },
    });
    const mail = await eventually(
      async () => sent.find((m) => m.to === user.payload.email && /Reset/.test(m.subject)),
      (m) => m !== undefined,
    );
    expect(mail?.text).toContain('/reset-password?token=');
    const rows = await h.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, user.payload.email));
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['email-verify', 'sent'],
      ['password-reset', 'sent'],
    ]);
  });

  it('writes one message for a cause applied twice (same dedupe key)', async () => {
    const once = message();
    const first = await enqueueMail(h.db, ctx().now(), once);
    const second = await enqueueMail(h.db, ctx().now(), { ...once, subject: 'again' });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    await deliverOutbox(ctx(), [first, second]);
    await drainOutbox(ctx());
    expect(sent.filter((m) => m.to === once.to)).toHaveLength(1);
  });

  it('sends a reminder once when the reminder job runs twice at the same time', async () => {
    const user = await subscribedUser(h.app);
    const mine = await get('/api/v1/subscriptions/my-subscriptions', user.headers);
    const expiresAt = Date.parse(
      mine.json<{ subscriptions: { expires_at: string }[] }>().subscriptions[0]!.expires_at,
    );
    h.clock.advance(expiresAt - 7 * 86_400_000 + 60_000 - Date.now());
    await Promise.all([sendDueReminders(ctx()), sendDueReminders(ctx())]);
    await sendDueReminders(ctx());
    await drainOutbox(ctx());
    expect(
      sent.filter((m) => m.to === user.payload.email && /ends in 7 days/.test(m.subject)),
    ).toHaveLength(1);
  });
});

describe('a failing transport', () => {
  it(`retries with backoff, is dead after ${OUTBOX_MAX_ATTEMPTS} attempts, shows in the admin list and is sent by Retry`, async () => {
    expect([1, 2, 3, 7, 8].map(outboxRetryDelayMs)).toEqual([
      30_000,
      60_000,
      120_000,
      1_920_000,
      null,
    ]);
    failWith = 'SMTP 451 try again later';
    const mail = message();
    const id = (await enqueueMail(h.db, ctx().now(), mail))!;
    await deliverOutbox(ctx(), [id]);
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('SMTP 451');
    expect(row.nextAttemptAt.getTime() - ctx().now().getTime()).toBeGreaterThan(29_000);

    // Not due yet: a drain leaves it alone.
    await drainOutbox(ctx());
    expect((await rowOf(id)).attempts).toBe(1);

    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      h.clock.advance(outboxRetryDelayMs(attempt - 1)! + 1_000);
      await drainOutbox(ctx());
      row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
    }
    expect(row.status).toBe('dead');
    expect(sent.filter((m) => m.to === mail.to)).toHaveLength(0);

    const list = await get('/api/v1/admin/outbox?status=dead');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toMatch(/no-store/);
    const dead = adminOutboxResponseSchema.parse(list.json());
    const listed = dead.messages.find((m) => m.id === id);
    expect(listed).toMatchObject({
      status: 'dead',
      attempts: OUTBOX_MAX_ATTEMPTS,
      to: mail.to,
      next_attempt_at: null,
    });
    expect(listed?.last_error).toContain('SMTP 451');
    expect(dead.messages.every((m) => m.status === 'dead')).toBe(true);

    failWith = undefined;
    const retried = await post(`/api/v1/admin/outbox/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['cache-control']).toMatch(/no-store/);
    expect(adminOutboxRetryResponseSchema.parse(retried.json()).message).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
    expect(sent.filter((m) => m.to === mail.to)).toHaveLength(1);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject([{ action: 'outbox.retry', actorId: admin.user.id }]);

    // Sent already: a second Retry would mail it twice.
    const again = await post(`/api/v1/admin/outbox/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'OUTBOX_MESSAGE_NOT_DEAD' });
  });
});

describe('admin endpoints', () => {
  it('refuse non-admins and validate their input', async () => {
    const user = await registerUser(h.app, 'notadmin');
    for (const res of [
      await get('/api/v1/admin/outbox', user.headers),
      await get('/api/v1/admin/jobs/dead', user.headers),
      await post(`/api/v1/admin/outbox/${crypto.randomUUID()}/retry`, user.headers),
      await post(`/api/v1/admin/jobs/dead/${crypto.randomUUID()}/retry`, user.headers),
    ])
      expect(res.statusCode).toBe(403);
    expect((await get('/api/v1/admin/outbox', {})).statusCode).toBe(401);

    for (const url of [
      '/api/v1/admin/outbox?status=lost',
      '/api/v1/admin/outbox?page=0',
      '/api/v1/admin/outbox?limit=100000',
      '/api/v1/admin/jobs/dead?page=x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await post('/api/v1/admin/outbox/not-an-id/retry')).statusCode).toBe(400);
    const missing = await post(`/api/v1/admin/outbox/${crypto.randomUUID()}/retry`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'OUTBOX_MESSAGE_NOT_FOUND' });
  });

  it('pages the outbox newest first', async () => {
    for (let i = 0; i < 3; i += 1) await enqueueMail(h.db, ctx().now(), message());
    const page = adminOutboxResponseSchema.parse(
      (await get('/api/v1/admin/outbox?status=pending&limit=2')).json(),
    );
    expect(page.messages).toHaveLength(2);
    expect(page.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(page.pagination.total).toBeGreaterThanOrEqual(3);
    expect(Date.parse(page.messages[0]!.created_at)).toBeGreaterThanOrEqual(
      Date.parse(page.messages[1]!.created_at),
    );
    // A pending message may be held by a sender right now: Retry would risk sending it twice.
    const pending = await post(`/api/v1/admin/outbox/${page.messages[0]!.id}/retry`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ code: 'OUTBOX_MESSAGE_NOT_DEAD' });
    await drainOutbox(ctx());
  });

  if (testDbKind() === 'pglite')
    describe('on the embedded database', () => {
      it('lists no dead jobs (they run in-process) and refuses a job retry with 409', async () => {
        const res = await get('/api/v1/admin/jobs/dead');
        expect(adminDeadJobsResponseSchema.parse(res.json())).toMatchObject({
          runner: 'in-process',
          jobs: [],
        });
        const retry = await post(`/api/v1/admin/jobs/dead/${crypto.randomUUID()}/retry`);
        expect(retry.statusCode).toBe(409);
        expect(retry.json()).toMatchObject({ code: 'JOB_QUEUE_UNAVAILABLE' });
      });
    });
});

describe('concurrent senders', () => {
  it('never send a message twice', async () => {
    sendDelayMs = 3;
    const mails = Array.from({ length: 40 }, () => message());
    for (const m of mails) await enqueueMail(h.db, ctx().now(), m);
    let others: { close(): Promise<void>; drain(): Promise<unknown> }[] = [];
    if (testDbKind() === 'postgres') {
      // A second instance with its own pool: real concurrency on the database.
      const database = await openDatabase({ kind: 'postgres', url: h.databaseUrl! });
      const second = await buildApp({
        config: h.config,
        db: database.db,
        now: h.clock.now,
        logger: false,
        mailer,
      });
      others = [
        {
          drain: () => drainOutbox(second.appContext),
          close: async () => {
            await second.close();
            await database.close();
          },
        },
      ];
    }
    try {
      await Promise.all([
        drainOutbox(ctx()),
        drainOutbox(ctx()),
        deliverOutbox(ctx(), []),
        ...others.flatMap((o) => [o.drain(), o.drain()]),
      ]);
    } finally {
      for (const o of others) await o.close();
    }
    for (const m of mails)
      expect(
        sent.filter((s) => s.to === m.to),
        m.to,
      ).toHaveLength(1);
  });
});

if (testDbKind() === 'postgres')
  describe('pg-boss (PostgreSQL)', () => {
    afterEach(async () => {
      await stopJobs(ctx());
    });

    it('schedules every job each minute and runs them; two instances send a reminder once', async () => {
      const database = await openDatabase({ kind: 'postgres', url: h.databaseUrl! });
      const second = await buildApp({
        config: h.config,
        db: database.db,
        now: h.clock.now,
        logger: false,
        mailer,
      });
      try {
        const first = await startJobs(ctx(), {
          databaseUrl: h.databaseUrl,
          pollingIntervalSeconds: 0.5,
        });
        const other = await startJobs(second.appContext, {
          databaseUrl: h.databaseUrl,
          pollingIntervalSeconds: 0.5,
        });
        expect(first.kind).toBe('pg-boss');
        const schedules = (
          (await h.db.execute(
            sql`select name, cron, timezone from pgboss.schedule order by name`,
          )) as unknown as {
            rows: { name: string; cron: string; timezone: string }[];
          }
        ).rows;
        expect(schedules).toEqual(
          [
            'flockr.license-devices',
            'flockr.order-expiry',
            'flockr.outbox',
            'flockr.reconcile',
            'flockr.release-mail',
            'flockr.reminders',
          ].map((name) => ({ name, cron: '* * * * *', timezone: 'UTC' })),
        );

        const user = await subscribedUser(h.app);
        const mine = await get('/api/v1/subscriptions/my-subscriptions', user.headers);
        const expiresAt = Date.parse(
          mine.json<{ subscriptions: { expires_at: string }[] }>().subscriptions[0]!.expires_at,
        );
        h.clock.advance(expiresAt - 86_400_000 + 60_000 - Date.now());
        await Promise.all([
          first.trigger('flockr.reminders'),
          other.trigger('flockr.reminders'),
          other.trigger('flockr.reminders'),
        ]);
        const tomorrow = (m: Sent) =>
          m.to === user.payload.email && /ends tomorrow/.test(m.subject);
        await eventually(
          async () => sent.filter(tomorrow).length,
          (count) => count > 0,
          15_000,
        );
        // Both instances again, and the queue gauges.
        await Promise.all([first.trigger('flockr.reminders'), other.trigger('flockr.reminders')]);
        await new Promise((r) => setTimeout(r, 2_000));
        expect(sent.filter(tomorrow)).toHaveLength(1);
        const metrics = await h.app.inject({ method: 'GET', url: '/metrics' });
        expect(metrics.body).toMatch(/flockr_job_queue_depth\{queue="flockr.reminders"\} \d+/);
        expect(metrics.body).toMatch(
          /flockr_job_queue_oldest_age_seconds\{queue="flockr.dead-jobs"\}/,
        );
        expect(metrics.body).toMatch(/flockr_outbox_messages\{status="dead"\} \d+/);
      } finally {
        await second.close();
        await database.close();
      }
    });

    it('puts a job that fails every retry in the dead-letter view, and Retry runs it again', async () => {
      let failing = true;
      let runs = 0;
      await startJobs(ctx(), {
        databaseUrl: h.databaseUrl,
        pollingIntervalSeconds: 0.5,
        retry: { retryLimit: 1, retryDelay: 1, retryBackoff: false },
        jobs: [
          {
            queue: 'flockr.test-flaky',
            failure: 'flaky job failed',
            run: async () => {
              runs += 1;
              if (failing) throw new Error('the provider is down');
            },
          },
        ],
      });
      // The failures are logged at error level; the harness logs nowhere (logger: false).
      await jobRunnerOf(ctx())!.trigger('flockr.test-flaky');
      const listed = await eventually(
        async () =>
          adminDeadJobsResponseSchema.parse((await get('/api/v1/admin/jobs/dead')).json()),
        (page) => page.jobs.length > 0,
        20_000,
      );
      expect(runs).toBe(2); // the first run and one retry
      expect(listed.runner).toBe('pg-boss');
      const [dead] = listed.jobs;
      expect(dead).toMatchObject({ queue: 'flockr.test-flaky', retries: 1 });
      expect(dead!.error).toContain('the provider is down');

      failing = false;
      const retried = await post(`/api/v1/admin/jobs/dead/${dead!.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ queue: 'flockr.test-flaky' });
      await eventually(
        async () => runs,
        (r) => r === 3,
        10_000,
      );
      const after = adminDeadJobsResponseSchema.parse(
        (await get('/api/v1/admin/jobs/dead')).json(),
      );
      expect(after.jobs).toEqual([]);
      const audit = await h.db.select().from(auditLog).where(eq(auditLog.entityId, dead!.id));
      expect(audit).toMatchObject([{ action: 'job.retry' }]);
      expect((await post(`/api/v1/admin/jobs/dead/${dead!.id}/retry`)).statusCode).toBe(404);
    });
  });

describe('retention', () => {
  it(`deletes sent messages older than ${OUTBOX_SENT_RETENTION_DAYS} days, and keeps every other`, async () => {
    const write = () => h.db.transaction((tx) => enqueueMail(tx, ctx().now(), message()));
    const oldSent = await write();
    const recentSent = await write();
    await drainOutbox(ctx());
    failWith = 'mailbox unavailable';
    const oldDead = await write();
    await h.db
      .update(outboxMessages)
      .set({ status: 'dead', attempts: OUTBOX_MAX_ATTEMPTS })
      .where(eq(outboxMessages.id, oldDead!));
    failWith = undefined;
    // Written just before and just after the retention's edge.
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    for (const [id, daysAgo] of [
      [oldSent, OUTBOX_SENT_RETENTION_DAYS + 1],
      [recentSent, OUTBOX_SENT_RETENTION_DAYS - 1],
      [oldDead, OUTBOX_SENT_RETENTION_DAYS + 1],
    ] as const)
      await h.db
        .update(outboxMessages)
        .set({ createdAt: at(daysAgo) })
        .where(eq(outboxMessages.id, id!));

    await drainOutbox(ctx());
    const left = await h.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(sql`${outboxMessages.id} in (${oldSent}, ${recentSent}, ${oldDead})`);
    expect(left.map((r) => r.id).sort()).toEqual([recentSent, oldDead].sort());
  });
});

describe('a slow or silent mail server', () => {
  it('holds the request that queued a message only mailPromptWaitMs; the send goes on and marks it sent', async () => {
    sendDelayMs = 600;
    const mail = message();
    const id = (await enqueueMail(h.db, ctx().now(), mail))!;
    const quick = { ...ctx(), config: { ...ctx().config, mailPromptWaitMs: 50 } };
    expect(await deliverOutbox(quick, [id])).toBeUndefined();
    // The caller goes on while its message is claimed and still being sent.
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: null });
    expect(sent.some((m) => m.to === mail.to)).toBe(false);
    const row = await eventually(
      () => rowOf(id),
      (r) => r.status === 'sent',
    );
    expect(row.status).toBe('sent');
    expect(sent.filter((m) => m.to === mail.to)).toHaveLength(1);
  });

  it('answers a sign-up while a real SMTP server has not greeted; the timed-out send is retried later', async () => {
    // An SMTP server that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    // nodemailer gives up on the greeting after 2.5 s (SMTP_URL options); the request waits 100 ms.
    const smtp = await createHarness({
      smtpUrl: `smtp://127.0.0.1:${port}?greetingTimeout=2500`,
      mailPromptWaitMs: 100,
    });
    try {
      const user = await registerUser(smtp.app, 'silentsmtp');
      const verification = () =>
        smtp.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.to, user.payload.email))
          .then((rows) => rows[0]!);
      // Signed up and signed in while the send was still going on: the mail server holds the
      // connection open without a greeting and the message has no outcome yet.
      expect(user.token).toBeTruthy();
      const inFlight = await eventually(
        async () => ({ open: sockets.size, row: await verification() }),
        (now) => now.open === 1 && now.row.attempts === 1,
      );
      expect(inFlight.open).toBe(1);
      expect(inFlight.row).toMatchObject({ status: 'pending', attempts: 1, lastError: null });
      // Then the transport times out, the connection closes, and the message waits for a retry.
      const failed = await eventually(verification, (row) => row.lastError !== null, 10_000);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.lastError).toMatch(/greeting/i);
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(smtp.clock.now().getTime());
      await eventually(
        async () => sockets.size,
        (open) => open === 0,
      );
      expect(sockets.size).toBe(0);
    } finally {
      await smtp.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
