/**
 * Plan routes (spec §7): the public catalogue `GET /subscriptions/plans`, sent from memory with a
 * strong ETag; a request whose If-None-Match matches gets 304 without a body (RFC 9110 §13.1.2).
 */
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { catalogAnswer } from './service.js';

/** Registers the plan routes on `app`. */
export function planRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.subscriptions.plans, async ({ request }, reply) => {
      const { body, etag } = await catalogAnswer(ctx);
      reply.header('etag', etag);
      if (fresh(request.headers, { etag })) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  };
}
