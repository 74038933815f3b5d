/**
 * Admin user routes (requirements §7): list and search, one user's detail, status and role changes, and
 * the preview of a status change.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { sendCsv } from '../../plugins/send-csv.js';
import {
  listUsers,
  previewUserStatus,
  setUserRole,
  setUserStatus,
  usersCsv,
} from '../accounts/admin.js';
import { userDetail } from './dashboard.js';

/** Registers the admin user routes on `app`. */
export function adminUserRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.users, async ({ query }) => listUsers(ctx, query));
    route(app, API.admin.exportUsers, async ({ query }, reply) =>
      sendCsv(reply, 'users', ctx.now(), usersCsv(ctx, query)),
    );
    route(app, API.admin.user, async ({ params }) => userDetail(ctx, params.id));
    route(app, API.admin.setUserStatus, async ({ user, params, body }) => ({
      user: await setUserStatus(ctx, user, params.id, body.status),
    }));
    route(app, API.admin.userStatusPreview, async ({ user, params, query }) => ({
      preview: await previewUserStatus(ctx, user, params.id, query.status),
    }));
    route(app, API.admin.setUserRole, async ({ user, params, body }) => ({
      user: await setUserRole(ctx, user, params.id, body.role),
    }));
  };
}
