/**
 * Update routes (docs/updates.md): the user's own settings under `/updates/me`, and the feeds and
 * their files (feeds.routes.ts), each served twice: with the feed token in the path
 * (`/updates/t/:feedToken/…`) and with `Authorization: Bearer <feed token>` (`/updates/…`). Feed
 * answers are personal (`Cache-Control: no-store`, plugins/cache-control.ts) and never wait for
 * the check to be recorded (checks.ts).
 */
import type { FastifyInstance } from 'fastify';
import { API, type Endpoint } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteExtras, type RouteHandler } from '../../plugins/route.js';
import type { CheckRecorder } from './checks.js';
import {
  electronRoute,
  feedRoute,
  fileRoute,
  sparkleRoute,
  squirrelMacRoute,
  squirrelWindowsRoute,
  tauriRoute,
  velopackRoute,
  type FeedHandler,
  type Feeds,
} from './feeds.routes.js';
import { myUpdates, rotateMyFeedToken, setMyChannel } from './service.js';

/**
 * Routes that send release files are never compressed on the fly: an installer does not shrink,
 * its Content-Length would be lost, and a `.blockmap` (gzip already) would go out labelled
 * `Content-Encoding: gzip`, which Electron's network stack undoes before electron-updater
 * gunzips it, so differential updates would always fall back.
 */
const SENDS_FILES: RouteExtras = { compress: false };

/** Registers the update routes; feed checks are noted in `recorder` (app.ts owns it). */
export function updateRoutes(ctx: AppContext, recorder: CheckRecorder) {
  return async (app: FastifyInstance) => {
    route(app, API.updates.me, async ({ user }) => myUpdates(ctx, user));
    route(app, API.updates.updateMe, async ({ user, body }) =>
      setMyChannel(ctx, user, body.channel),
    );
    route(app, API.updates.rotateFeedToken, async ({ user }) => rotateMyFeedToken(ctx, user));

    // Each feed in both forms, header first, then the token in the path.
    const feeds: Feeds = { ctx, recorder };
    const both = <P extends Endpoint, T extends Endpoint>(
      plain: P,
      withToken: T,
      handler: RouteHandler<P> & RouteHandler<T>,
      extras?: RouteExtras,
    ) => {
      route<P>(app, plain, handler, extras);
      route<T>(app, withToken, handler, extras);
    };
    const feed = <E extends Endpoint>(headerForm: E, handler: FeedHandler<E>) =>
      feedRoute(feeds, headerForm, handler);
    const { updates: u } = API;
    both(u.electron, u.electronWithToken, feed(u.electron, electronRoute));
    both(u.squirrelMac, u.squirrelMacWithToken, feed(u.squirrelMac, squirrelMacRoute));
    const squirrelWindows = feed(u.squirrelWindows, squirrelWindowsRoute);
    both(u.squirrelWindows, u.squirrelWindowsWithToken, squirrelWindows, SENDS_FILES);
    both(u.tauri, u.tauriWithToken, feed(u.tauri, tauriRoute));
    both(u.velopack, u.velopackWithToken, feed(u.velopack, velopackRoute), SENDS_FILES);
    both(u.sparkle, u.sparkleWithToken, feed(u.sparkle, sparkleRoute));
    both(u.file, u.fileWithToken, feed(u.file, fileRoute), SENDS_FILES);
  };
}
