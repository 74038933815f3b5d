/**
 * Admin dashboard routes: the figures (requirements §3), the daily series, business health, the audit
 * trail and its CSV export.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { sendCsv } from '../../plugins/send-csv.js';
import { auditCsv, listAudit } from '../audit/service.js';
import { businessHealth, dailyStats, stats } from './dashboard.js';

/** Registers the admin dashboard routes on `app`. */
export function adminDashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.stats, async () => ({ stats: await stats(ctx) }));
    route(app, API.admin.dailyStats, async () => dailyStats(ctx));
    route(app, API.admin.health, async ({ query }) => ({
      health: await businessHealth(ctx, query),
    }));
    route(app, API.admin.audit, async ({ query }) => listAudit(ctx.db, query));
    route(app, API.admin.exportAudit, async ({ query }, reply) =>
      sendCsv(reply, 'audit', ctx.now(), auditCsv(ctx.db, query)),
    );
  };
}
