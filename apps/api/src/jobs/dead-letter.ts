/**
 * The dead-letter queue as admins see it (docs/jobs-and-email.md "Dead jobs"): the jobs that
 * failed every retry, listed and retried by hand (`/admin/jobs/dead`). Only pg-boss has one; on
 * the embedded database failures are logged and the next round tries again.
 */
import {
  paginate,
  type AdminDeadJobRetryResponse,
  type AdminDeadJobsResponse,
} from '@flockr/contract';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { conflict, notFound } from '../lib/http-error.js';
import { recordAudit } from '../modules/audit/service.js';
import { DEAD_JOBS_QUEUE, jobRunnerOf } from './runner.js';

/**
 * `GET /admin/jobs/dead`: one page of the jobs that failed every retry, oldest first, and where
 * jobs run. In-process (the embedded database) there are none: failures are logged and retried by
 * the next round.
 */
export async function listDeadJobs(
  ctx: AppContext,
  query: { page: number; limit: number },
): Promise<AdminDeadJobsResponse> {
  const runner = jobRunnerOf(ctx);
  const all = runner ? await runner.deadJobs() : [];
  const start = (query.page - 1) * query.limit;
  return {
    runner: runner?.kind ?? (ctx.config.databaseUrl ? 'pg-boss' : 'in-process'),
    jobs: all.slice(start, start + query.limit),
    pagination: paginate(all.length, query.page, query.limit),
  };
}

/**
 * `POST /admin/jobs/dead/{id}/retry`: moves a dead job back to the queue it failed on (pg-boss
 * `redrive`), audited ('job.retry'). The audit row is written in a transaction that commits only
 * after pg-boss moved the job, so a refused retry leaves no record.
 * @throws 409 JOB_QUEUE_UNAVAILABLE on the embedded database (no queue); 404 JOB_NOT_FOUND.
 */
export async function retryDeadJob(
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<AdminDeadJobRetryResponse> {
  const runner = jobRunnerOf(ctx);
  if (!runner || runner.kind !== 'pg-boss') throw conflict('jobQueueUnavailable');
  const queue = await ctx.db.transaction(async (tx) => {
    const moved = await runner.redrive(id);
    if (!moved) throw notFound('jobNotFound');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'job.retry',
      entityType: 'job',
      entityId: id,
      before: { queue: DEAD_JOBS_QUEUE },
      after: { queue: moved },
    });
    return moved;
  });
  return { queue, message: `The job is back on ${queue}.` };
}
