/** Auth routes: `POST /auth/register`, `POST /auth/login`, `GET /auth/me`, `POST /auth/logout`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
  userResponseSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { Limiters } from '../../plugins/rate-limit.js';
import { revokeSession } from '../sessions/repository.js';
import { toUserDto } from '../users/service.js';
import { login, register } from './service.js';

export function authRoutes(ctx: AppContext, limits: Limiters): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/register',
      {
        preHandler: limits.sensitivePerIp,
        schema: {
          tags: ['auth'],
          summary: 'Create an account and sign in (spec §7)',
          body: registerRequestSchema,
          response: {
            201: authResponseSchema,
            400: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
    );

    app.post(
      '/auth/login',
      {
        preHandler: [limits.loginPerIp, limits.loginPerAccount],
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password (spec §7)',
          body: loginRequestSchema,
          response: {
            200: authResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => login(ctx, request.body),
    );

    app.get(
      '/auth/me',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: userResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => ({ user: await toUserDto(ctx.db, currentUser(request), ctx.now()) }),
    );

    app.post(
      '/auth/logout',
      {
        preHandler: requireUser(ctx),
        schema: {
          tags: ['auth'],
          summary: 'Sign out: ends this session on the server',
          security: [{ bearerAuth: [] }],
        },
      },
      async (request, reply) => {
        await revokeSession(ctx.db, request.auth!.sessionId, ctx.now());
        return reply.status(204).send();
      },
    );
  };
}
