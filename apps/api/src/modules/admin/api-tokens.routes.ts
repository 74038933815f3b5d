/**
 * Admin API token routes (docs/updates.md "Publishing from CI"): list, create (the token is in
 * this one answer), revoke. Session only: a token cannot make or revoke tokens.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../api-tokens/service.js';

/** Registers the admin API token routes on `app`. */
export function adminApiTokenRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.apiTokens, async () => listApiTokens(ctx));
    route(app, API.admin.createApiToken, async ({ user, body }) => createApiToken(ctx, user, body));
    route(app, API.admin.revokeApiToken, async ({ user, params }) => {
      await revokeApiToken(ctx, user, params.id);
    });
  };
}
