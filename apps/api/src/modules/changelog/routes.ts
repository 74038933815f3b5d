/** Public changelog routes (spec §7): list, latest, search, by version. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changelogEntriesResponseSchema,
  changelogEntryResponseSchema,
  changelogQuerySchema,
  changelogResponseSchema,
  changelogSearchQuerySchema,
  errorResponseSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { entryByVersion, latestEntry, publishedPage, search } from './service.js';

const tags = ['changelog'];

export function changelogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/changelog',
      {
        schema: {
          tags,
          summary: 'Published entries, newest first (page size 10)',
          querystring: changelogQuerySchema,
          response: { 200: changelogResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => publishedPage(ctx, request.query.page, request.query.limit),
    );

    app.get(
      '/changelog/latest',
      {
        schema: {
          tags,
          summary: 'Newest published entry',
          response: { 200: changelogEntryResponseSchema, 404: errorResponseSchema },
        },
      },
      async () => ({ entry: await latestEntry(ctx) }),
    );

    app.get(
      '/changelog/search',
      {
        schema: {
          tags,
          summary: 'Search published entries',
          querystring: changelogSearchQuerySchema,
          response: { 200: changelogEntriesResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => ({ entries: await search(ctx, request.query.q) }),
    );

    app.get(
      '/changelog/:version',
      {
        schema: {
          tags,
          summary: 'The published entry of a version',
          params: z.object({ version: z.string().min(1).max(100) }),
          response: { 200: changelogEntryResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => ({ entry: await entryByVersion(ctx, request.params.version) }),
    );
  };
}
