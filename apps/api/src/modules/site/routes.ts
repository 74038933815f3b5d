/** `GET /site/config`: the public site configuration (requirements §3). */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { sendMemoryAnswer } from '../../plugins/send-answer.js';
import { siteConfigAnswer } from './service.js';

/** Registers the site routes on `app`. */
export function siteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(
      app,
      API.site.config,
      async ({ request }, reply) => sendMemoryAnswer(request, reply, await siteConfigAnswer(ctx)),
      { compress: false },
    );
  };
}
