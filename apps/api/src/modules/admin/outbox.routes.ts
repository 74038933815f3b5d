/**
 * Admin routes of the background work (docs/jobs-and-email.md): the e-mail outbox with its dead
 * letters, the jobs that failed every retry, and their Retry buttons (audited). Answers carry
 * addresses, so they are `Cache-Control: no-store` like every API answer (plugins/cache-control.ts).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { listDeadJobs, retryDeadJob } from '../../jobs/dead-letter.js';
import { route } from '../../plugins/route.js';
import { listOutbox, retryOutboxMessage } from '../outbox/service.js';

/** Registers the outbox and dead-job admin routes on `app`. */
export function adminOutboxRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.outbox, async ({ query }) => listOutbox(ctx, query));
    route(app, API.admin.retryOutboxMessage, async ({ user, params }) => ({
      message: await retryOutboxMessage(ctx, user, params.id),
    }));
    route(app, API.admin.deadJobs, async ({ query }) => listDeadJobs(ctx, query));
    route(app, API.admin.retryDeadJob, async ({ user, params }) =>
      retryDeadJob(ctx, user, params.id),
    );
  };
}
