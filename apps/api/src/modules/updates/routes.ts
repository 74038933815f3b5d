/**
 * Update routes (docs/updates.md): the user's own settings under `/updates/me`, and the feeds and
 * their files (feeds.routes.ts), each served twice: with the feed token in the path
 * (`/updates/t/:feedToken/…`) and with `Authorization: Bearer <feed token>` (`/updates/…`). Feed
 * answers are personal (`Cache-Control: no-store`, plugins/cache-control.ts) and never wait for
 * the check to be recorded (checks.ts).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteExtras } from '../../plugins/route.js';
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
    const electron = feedRoute(feeds, API.updates.electron, electronRoute);
    route(app, API.updates.electron, electron);
    route(app, API.updates.electronWithToken, electron);
    const squirrelMac = feedRoute(feeds, API.updates.squirrelMac, squirrelMacRoute);
    route(app, API.updates.squirrelMac, squirrelMac);
    route(app, API.updates.squirrelMacWithToken, squirrelMac);
    const squirrelWindows = feedRoute(feeds, API.updates.squirrelWindows, squirrelWindowsRoute);
    route(app, API.updates.squirrelWindows, squirrelWindows, SENDS_FILES);
    route(app, API.updates.squirrelWindowsWithToken, squirrelWindows, SENDS_FILES);
    const tauri = feedRoute(feeds, API.updates.tauri, tauriRoute);
    route(app, API.updates.tauri, tauri);
    route(app, API.updates.tauriWithToken, tauri);
    const velopack = feedRoute(feeds, API.updates.velopack, velopackRoute);
    route(app, API.updates.velopack, velopack, SENDS_FILES);
    route(app, API.updates.velopackWithToken, velopack, SENDS_FILES);
    const sparkle = feedRoute(feeds, API.updates.sparkle, sparkleRoute);
    route(app, API.updates.sparkle, sparkle);
    route(app, API.updates.sparkleWithToken, sparkle);
    const file = feedRoute(feeds, API.updates.file, fileRoute);
    route(app, API.updates.file, file, SENDS_FILES);
    route(app, API.updates.fileWithToken, file, SENDS_FILES);
  };
}
