/**
 * Background work of a running server (docs/jobs-and-email.md): reconcile stale checkouts with
 * the provider, record the expiry of unpaid orders, send the due expiry reminders, write release
 * e-mails (docs/updates.md), drain the e-mail outbox and free the seats of license devices that
 * stopped checking in (docs/licenses.md), every minute. Every handler is safe on several instances at once.
 *
 * - On PostgreSQL (DATABASE_URL set) they run on pg-boss (schema `pgboss`, created by pg-boss
 *   itself): one queue per job, scheduled by cron every minute (pg-boss sends one job per slot
 *   however many instances run), `stately` queues (at most one job queued and one active, so two
 *   instances never run the same job at once), retries with exponential backoff, and a dead-letter
 *   queue for jobs that failed every retry, which admins see and retry (`GET /admin/jobs/dead`).
 * - On the embedded database (PGlite, one process) they run in-process on a minute timer; a
 *   failure is logged and the next round tries again.
 *
 * The jobs are the table's (jobs/table.ts); dead jobs as admins see them are jobs/dead-letter.ts.
 * Tests call the handlers directly, or start a runner with {@link startJobs}.
 */
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { AdminDeadJob } from '@flockr/contract';
import type { AppContext } from '../context.js';
import { JOBS, type JobDefinition } from './table.js';

/** pg-boss's dead-letter queue of every job queue (pg-boss docs, "Queues": `deadLetter`). */
export const DEAD_JOBS_QUEUE = 'flockr.dead-jobs';

/** The cron of every schedule: each minute, in UTC. */
export const JOB_CRON = '* * * * *';

/**
 * Retries of a failed pg-boss job (pg-boss docs, "Queues": retryLimit, retryDelay, retryBackoff,
 * retryDelayMax): 4 retries, 30 s doubling with jitter, at most 10 minutes apart; then the job
 * goes to {@link DEAD_JOBS_QUEUE}. A job may run 5 minutes (`expireInSeconds`) before it counts as
 * failed; dead jobs are kept 30 days.
 */
export const JOB_RETRY = {
  retryLimit: 4,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 300,
  retentionSeconds: 30 * 86_400,
} as const;

/** A started job runner. */
export interface JobRunner {
  kind: 'pg-boss' | 'in-process';
  /** Enqueues one run of `queue` now (pg-boss) or runs that job once (in-process). */
  trigger(queue: string): Promise<void>;
  /** Every dead job, oldest first (none in-process). */
  deadJobs(): Promise<AdminDeadJob[]>;
  /** Moves dead job `id` back to its queue; returns that queue, or undefined when not found. */
  redrive(id: string): Promise<string | undefined>;
  /** Each job queue's depth (jobs waiting) and its oldest waiting job's age in seconds. */
  queueStats(): Promise<{ queue: string; depth: number; oldestAgeSeconds: number }[]>;
  /** Stops scheduling and working; waits for a running job up to a few seconds. */
  stop(): Promise<void>;
}

/** The runner started for each app context (the admin routes and the gauges read it). */
const runners = new WeakMap<AppContext, JobRunner>();

/** The runner started with `ctx`, or undefined (tests that start none, or after stop). */
export function jobRunnerOf(ctx: AppContext): JobRunner | undefined {
  return runners.get(ctx);
}

/** Options of {@link startJobs}. */
export interface StartJobsOptions {
  /** PostgreSQL to run pg-boss on; defaults to DATABASE_URL. Without one: in-process. */
  databaseUrl?: string;
  /** The in-process round's period in ms (60 000). */
  everyMs?: number;
  /** The jobs (tests replace them); defaults to {@link JOBS}. */
  jobs?: readonly JobDefinition[];
  /** Retry settings override (tests shorten them); defaults to {@link JOB_RETRY}. */
  retry?: Partial<{
    -readonly [K in keyof typeof JOB_RETRY]: (typeof JOB_RETRY)[K] extends boolean
      ? boolean
      : number;
  }>;
  /** How often a pg-boss worker polls its queue, in seconds (2). */
  pollingIntervalSeconds?: number;
}

/**
 * Starts the background jobs for `ctx`: on pg-boss when a PostgreSQL URL is given (option or
 * DATABASE_URL), else in-process. Returns the runner; stop it (or close the app, whose onClose
 * hook calls {@link stopJobs}) before closing the database.
 * @throws when pg-boss cannot install its schema or reach the database.
 */
export async function startJobs(
  ctx: AppContext,
  options: StartJobsOptions = {},
): Promise<JobRunner> {
  await stopJobs(ctx);
  const url = options.databaseUrl ?? ctx.config.databaseUrl;
  const jobs = options.jobs ?? JOBS;
  const runner = url
    ? await startPgBoss(ctx, url, jobs, options)
    : startInProcess(ctx, jobs, options.everyMs ?? 60_000);
  runners.set(ctx, runner);
  return runner;
}

/** Stops the runner started with `ctx`, if any. Never throws (a failure is logged). */
export async function stopJobs(ctx: AppContext): Promise<void> {
  const runner = runners.get(ctx);
  if (!runner) return;
  runners.delete(ctx);
  try {
    await runner.stop();
  } catch (error) {
    ctx.log.error({ err: error }, 'stopping the job runner failed');
  }
}

/** Runs `job` once; errors are logged, never thrown. */
async function runLogged(ctx: AppContext, job: JobDefinition): Promise<void> {
  try {
    await job.run(ctx);
  } catch (error) {
    ctx.log.error({ err: error }, job.failure);
  }
}

/** The minute timer of the embedded database: one round of every job at a time. */
function startInProcess(
  ctx: AppContext,
  jobs: readonly JobDefinition[],
  everyMs: number,
): JobRunner {
  let round: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (round) return;
    round = (async () => {
      for (const job of jobs) await runLogged(ctx, job);
    })().finally(() => {
      round = undefined;
    });
  }, everyMs);
  timer.unref();
  return {
    kind: 'in-process',
    async trigger(queue) {
      const job = jobs.find((j) => j.queue === queue);
      if (job) await runLogged(ctx, job);
    },
    deadJobs: async () => [],
    redrive: async () => undefined,
    queueStats: async () => [],
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}

/** The text of a failed job's output (pg-boss keeps the thrown error's message and stack). */
function errorText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'object' && 'message' in output) return String(output.message);
  return JSON.stringify(output).slice(0, 1000);
}

/** A dead-letter job of pg-boss as admins see it. Pure. */
function deadJobOf(job: JobWithMetadata<unknown>): AdminDeadJob {
  return {
    id: job.id,
    queue: job.sourceName ?? 'unknown',
    error: errorText(job.sourceOutput),
    retries: job.sourceRetryCount ?? job.retryCount,
    created_at: (job.sourceCreatedOn ?? job.createdOn).toISOString(),
    failed_at: job.createdOn.toISOString(),
  };
}

/** Installs the queues and schedules on pg-boss and works them. */
async function startPgBoss(
  ctx: AppContext,
  url: string,
  jobs: readonly JobDefinition[],
  options: StartJobsOptions,
): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => ctx.log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  try {
    const { retryDelayMax, ...retry } = { ...JOB_RETRY, ...options.retry };
    // pg-boss takes a maximum delay only with exponential backoff.
    const queueRetry = retry.retryBackoff ? { ...retry, retryDelayMax } : retry;
    await boss.createQueue(DEAD_JOBS_QUEUE, { retentionSeconds: retry.retentionSeconds });
    for (const job of jobs) {
      await boss.createQueue(job.queue, {
        policy: 'stately',
        deadLetter: DEAD_JOBS_QUEUE,
        ...queueRetry,
      });
      // One schedule per queue (key ''): every instance upserts the same row, and pg-boss sends
      // one job per minute slot whichever instance's cron pass comes first.
      await boss.schedule(job.queue, JOB_CRON, null, { tz: 'UTC' });
      await boss.work(
        job.queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async () => {
          try {
            await job.run(ctx);
          } catch (error) {
            // Logged here; the throw fails the job, which pg-boss retries and then dead-letters.
            ctx.log.error({ err: error, queue: job.queue }, job.failure);
            throw error;
          }
        },
      );
    }
  } catch (error) {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    throw error;
  }
  const queues = jobs.map((j) => j.queue);
  return {
    kind: 'pg-boss',
    async trigger(queue) {
      await boss.send(queue, {});
    },
    async deadJobs() {
      return (await boss.findJobs(DEAD_JOBS_QUEUE, { queued: true, limit: 10_000 })).map(deadJobOf);
    },
    async redrive(id) {
      const [found] = await boss.findJobs(DEAD_JOBS_QUEUE, { id, queued: true });
      if (!found?.sourceName) return undefined;
      const moved = await boss.redrive(DEAD_JOBS_QUEUE, { ids: [id] });
      return moved > 0 ? found.sourceName : undefined;
    },
    async queueStats() {
      const now = Date.now();
      return Promise.all(
        queues.map(async (queue) => {
          const waiting = await boss.findJobs(queue, { queued: true, limit: 10_000 });
          const oldest = waiting[0]?.createdOn;
          return {
            queue,
            depth: waiting.length,
            oldestAgeSeconds: oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0,
          };
        }),
      );
    },
    async stop() {
      await boss.stop({ graceful: true, close: true, timeout: 5_000 });
    },
  };
}
