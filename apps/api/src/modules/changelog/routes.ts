/** Public changelog routes (requirements §7): list, latest, search, by version, and counting a view. */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { sendMemoryAnswer } from '../../plugins/send-answer.js';
import { entryByVersion, latestEntry, publishedPageAnswer, recordView, search } from './service.js';

/** Registers the changelog routes on `app`. */
export function changelogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(
      app,
      API.changelog.list,
      async ({ query, request }, reply) =>
        sendMemoryAnswer(request, reply, await publishedPageAnswer(ctx, query.page, query.limit)),
      { compress: false },
    );
    route(app, API.changelog.latest, async () => ({ entry: await latestEntry(ctx) }));
    route(app, API.changelog.search, async ({ query }) => ({
      entries: await search(ctx, query.q),
    }));
    route(app, API.changelog.byVersion, async ({ params }) => ({
      entry: await entryByVersion(ctx, params.version),
    }));
    route(app, API.changelog.recordView, async ({ params }) => recordView(ctx, params.version));
  };
}
