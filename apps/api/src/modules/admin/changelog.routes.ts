/** Admin changelog routes (requirements §7): every entry, create, edit and publish. */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import {
  createChangelogEntry,
  listAdminChangelog,
  updateChangelogEntry,
} from '../changelog/admin.js';

/** Registers the admin changelog routes on `app`. */
export function adminChangelogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.changelog, async () => ({
      changelog_entries: await listAdminChangelog(ctx),
    }));
    route(app, API.admin.createChangelog, async ({ user, body }) => ({
      entry: await createChangelogEntry(ctx, user, body),
    }));
    route(app, API.admin.updateChangelog, async ({ user, params, body }) => ({
      entry: await updateChangelogEntry(ctx, user, params.id, body),
    }));
  };
}
