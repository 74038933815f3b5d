/** Profile routes: `PUT /user/profile`, `PUT /user/notifications` (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  updateNotificationsRequestSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { updateNotifications, updateProfile } from './service.js';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireUser(ctx));

    app.put(
      '/user/profile',
      {
        schema: {
          tags: ['user'],
          summary: 'Change username and country',
          security: [{ bearerAuth: [] }],
          body: updateProfileRequestSchema,
          response: { 200: userResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => ({ user: await updateProfile(ctx, currentUser(request), request.body) }),
    );

    app.put(
      '/user/notifications',
      {
        schema: {
          tags: ['user'],
          summary: 'Change e-mail preferences',
          security: [{ bearerAuth: [] }],
          body: updateNotificationsRequestSchema,
          response: { 200: userResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => ({
        user: await updateNotifications(ctx, currentUser(request), request.body),
      }),
    );
  };
}
