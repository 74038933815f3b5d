/**
 * Download routes (spec section 7): latest, versions, history, a signed link (or one sent by
 * e-mail), and the file
 * behind a link, streamed with Content-Length, Content-Disposition and Range support (RFC 9110
 * §14).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../plugins/route.js';
import type { Limiters } from '../../plugins/rate-limit.js';
import { createLink, emailLink, history, latest, resolveLink, versions } from './service.js';
import { fileExists } from './storage.js';

/**
 * Registers the download routes on `app`; sending a link by e-mail is limited per client address
 * like the other calls that send e-mail.
 */
export function releaseRoutes(ctx: AppContext, limits: Limiters) {
  return async (app: FastifyInstance) => {
    route(app, API.downloads.latest, async ({ user }) => latest(ctx, user));
    route(app, API.downloads.versions, async ({ user }) => ({
      versions: await versions(ctx, user),
    }));
    route(app, API.downloads.history, async ({ user }) => history(ctx, user));
    route(app, API.downloads.link, async ({ user, query }) => createLink(ctx, user, query.version));
    route(
      app,
      API.downloads.emailLink,
      async ({ user, body }) => emailLink(ctx, user, body.version),
      { preHandler: limits.sensitivePerIp },
    );
    route(app, API.downloads.file, async ({ query }, reply) => {
      const file = await resolveLink(ctx, query.token);
      if (!fileExists(ctx.config.dataDir, file.relativePath)) throw notFound('downloadFileMissing');
      reply.header('cache-control', 'private, no-store');
      return reply.download(file.relativePath, file.filename, {
        acceptRanges: true,
        cacheControl: false,
      });
    });
  };
}
