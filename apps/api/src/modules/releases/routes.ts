/**
 * Download routes (requirements §7): latest, versions, history, a signed link (or one sent by
 * e-mail), and the file behind a link: streamed with Content-Length, Content-Disposition and
 * Range support (RFC 9110 §14), or, with DOWNLOAD_ACCEL_REDIRECT set, handed to nginx with
 * X-Accel-Redirect once the link is checked, or, with S3_BUCKET set, redirected (302) to a
 * presigned URL of the object store (docs/downloads.md).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { COMPUTER_HEADERS, computerOf } from '../../lib/computer.js';
import { route } from '../../plugins/route.js';
import { addVary } from '../../plugins/send-answer.js';
import { sendDelivery } from '../../plugins/send-file.js';
import type { Limiters } from '../../plugins/rate-limit.js';
import { createLink, emailLink, history, latest, resolveLink, versions } from './service.js';

/**
 * Registers the download routes on `app`; sending a link by e-mail is limited per client address
 * like the other calls that send e-mail.
 */
export function releaseRoutes(ctx: AppContext, limits: Limiters) {
  return async (app: FastifyInstance) => {
    // Answers that depend on the caller's computer (lib/computer.ts) say so in Vary.
    route(app, API.downloads.latest, async ({ user, request }, reply) => {
      addVary(reply, COMPUTER_HEADERS.join(', '));
      return latest(ctx, user, computerOf(request.headers));
    });
    route(app, API.downloads.versions, async ({ user, request }, reply) => {
      addVary(reply, COMPUTER_HEADERS.join(', '));
      return versions(ctx, user, computerOf(request.headers));
    });
    route(app, API.downloads.history, async ({ user }) => history(ctx, user));
    route(app, API.downloads.link, async ({ user, query, request }, reply) => {
      addVary(reply, COMPUTER_HEADERS.join(', '));
      return createLink(ctx, user, query, computerOf(request.headers));
    });
    route(
      app,
      API.downloads.emailLink,
      async ({ user, body, request }) => emailLink(ctx, user, body, computerOf(request.headers)),
      { preHandler: limits.sensitivePerIp },
    );
    // GET /downloads/file?token=: the same checks however the file goes out (resolveLink); then
    // the bytes come from here, nginx or the object store (plugins/send-file.ts sendDelivery).
    // One range or none: a Range header naming several is answered with the whole file.
    route(app, API.downloads.file, async ({ query }, reply) => {
      const { delivery, filename } = await resolveLink(ctx, query.token);
      return sendDelivery(reply, ctx.config.dataDir, delivery, filename);
    });
  };
}
