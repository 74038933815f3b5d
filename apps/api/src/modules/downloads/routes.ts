/**
 * Download routes (spec §7): `GET /downloads/latest`, `/downloads/versions`, `/downloads/history`,
 * `/downloads/link?version=`, and `GET /downloads/file?token=` which streams a stored file with
 * Content-Length, Content-Disposition and Accept-Ranges (HTTP range requests, RFC 9110 §14).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_ERRORS,
  downloadHistoryResponseSchema,
  downloadLinkQuerySchema,
  downloadLinkResponseSchema,
  latestVersionResponseSchema,
  versionsResponseSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/errors.js';
import { notFound } from '../../lib/http-error.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { createLink, history, latest, resolveLink, versions } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const secured = { tags: ['downloads'], security: [{ bearerAuth: [] }] };

export function downloadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireUser(ctx);

    app.get(
      '/downloads/latest',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Newest active version',
          response: { 200: latestVersionResponseSchema, ...errors },
        },
      },
      async (request) => latest(ctx, currentUser(request)),
    );

    app.get(
      '/downloads/versions',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Active versions, newest first',
          response: { 200: versionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ versions: await versions(ctx, currentUser(request)) }),
    );

    app.get(
      '/downloads/history',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: "The caller's downloads",
          response: { 200: downloadHistoryResponseSchema, ...errors },
        },
      },
      async (request) => history(ctx, currentUser(request)),
    );

    app.get(
      '/downloads/link',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Signed link to a version (latest when no version is given)',
          querystring: downloadLinkQuerySchema,
          response: { 200: downloadLinkResponseSchema, ...errors },
        },
      },
      async (request) => createLink(ctx, currentUser(request), request.query.version),
    );

    app.get(
      '/downloads/file',
      {
        schema: {
          tags: ['downloads'],
          summary: 'The file behind a signed link (supports Range)',
          querystring: z.object({ token: z.string().min(1).max(2000) }),
        },
      },
      async (request, reply) => {
        const file = await resolveLink(ctx, request.query.token);
        if (!existsSync(path.join(ctx.config.dataDir, file.relativePath)))
          throw notFound(API_ERRORS.downloadFileMissing);
        reply.header('cache-control', 'private, no-store');
        return reply.download(file.relativePath, file.filename, {
          acceptRanges: true,
          cacheControl: false,
        });
      },
    );
  };
}
