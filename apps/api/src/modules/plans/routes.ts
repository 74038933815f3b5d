/**
 * Plan routes (requirements §7): the public catalogue `GET /subscriptions/plans`, sent from memory with a
 * strong ETag and 304 on a match (plugins/send-answer.ts).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { sendMemoryAnswer } from '../../plugins/send-answer.js';
import { catalogAnswer } from './service.js';

/** Registers the plan routes on `app`. */
export function planRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(
      app,
      API.subscriptions.plans,
      async ({ request }, reply) => sendMemoryAnswer(request, reply, await catalogAnswer(ctx)),
      { compress: false },
    );
  };
}
