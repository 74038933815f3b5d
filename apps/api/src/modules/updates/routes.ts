/**
 * Update routes (docs/updates.md): the user's own settings under `/updates/me`, and the feeds and
 * their files, each served twice: with the feed token in the path (`/updates/t/:feedToken/…`) and
 * with `Authorization: Bearer <feed token>` (`/updates/…`). Feed answers are personal
 * (`Cache-Control: no-store`, plugins/cache-control.ts) and never wait for the check to be
 * recorded (checks.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API, archNamed, type Endpoint } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { route, type RouteExtras, type RouteHandler } from '../../plugins/route.js';
import { sendDelivery } from '../../plugins/send-file.js';
import { parseChannel } from './access.js';
import type { CheckRecorder } from './checks.js';
import { electronChannelFile, electronUpdateInfo } from './formats/electron.js';
import { sparkleAppcast } from './formats/sparkle.js';
import { squirrelMacUpdate } from './formats/squirrel-mac.js';
import { squirrelWindowsReleases } from './formats/squirrel-windows.js';
import { tauriNeedsUpdate, tauriTarget, tauriUpdate } from './formats/tauri.js';
import { isVelopackFeedName, velopackChannel, velopackFeed } from './formats/velopack.js';
import {
  accessHeader,
  feedCaller,
  feedFile,
  feedReleases,
  myUpdates,
  noteCheck,
  reportedVersion,
  rotateMyFeedToken,
  setMyChannel,
  type FeedCaller,
  type FeedCheck,
} from './service.js';

/** The feed token of a request: the path's `:feedToken`, else `Authorization: Bearer …`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const fromPath = (request.params as { feedToken?: string }).feedToken;
  if (fromPath) return fromPath;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** Sets the header that says updates stop at the expiry, when they do. */
function markAccess(reply: FastifyReply, caller: FeedCaller): void {
  const header = accessHeader(caller);
  if (header) reply.header('flockr-update-access', header);
}

/** What a feed handler gets: the route's parsed params and query, and the request. */
interface FeedInput {
  params: unknown;
  query: unknown;
  request: FastifyRequest;
}

/** Registers the update routes; feed checks are noted in `recorder` (app.ts owns it). */
export function updateRoutes(ctx: AppContext, recorder: CheckRecorder) {
  return async (app: FastifyInstance) => {
    route(app, API.updates.me, async ({ user }) => myUpdates(ctx, user));
    route(app, API.updates.updateMe, async ({ user, body }) =>
      setMyChannel(ctx, user, body.channel),
    );
    route(app, API.updates.rotateFeedToken, async ({ user }) => rotateMyFeedToken(ctx, user));

    /** Registers `handler` on both forms of a feed route, with the caller resolved first. */
    function feed<H extends Endpoint, T extends Endpoint>(
      headerForm: H,
      tokenForm: T,
      handler: (caller: FeedCaller, input: FeedInput, reply: FastifyReply) => Promise<unknown>,
      extras: RouteExtras = {},
    ) {
      for (const endpoint of [headerForm, tokenForm]) {
        const run = (async (input: FeedInput, reply: FastifyReply) => {
          const caller = await feedCaller(ctx, tokenOf(input.request));
          markAccess(reply, caller);
          return handler(caller, input, reply);
        }) as unknown as RouteHandler<typeof endpoint>;
        route(app, endpoint, run, extras);
      }
    }

    /**
     * Routes that send release files are never compressed on the fly: an installer does not
     * shrink, its Content-Length would be lost, and a `.blockmap` (gzip already) would go out
     * labelled `Content-Encoding: gzip`, which Electron's network stack undoes before
     * electron-updater gunzips it, so differential updates would always fall back.
     */
    const sendsFiles: RouteExtras = { compress: false };

    /**
     * Notes the check for the adoption charts and returns the releases the feed offers the
     * caller (service.ts `feedReleases`); the rollout is applied here unless `serverRollout` is
     * false (an updater that stages on the client).
     */
    const check = (caller: FeedCaller, c: FeedCheck & { serverRollout?: boolean }) => {
      noteCheck(recorder, caller, c);
      return feedReleases(ctx, caller, {
        channel: c.channel,
        currentVersion: c.currentVersion,
        serverRollout: c.serverRollout ?? true,
      });
    };

    // electron-updater generic provider: {channel}.yml, {channel}-mac.yml, {channel}-linux*.yml.
    feed(API.updates.electron, API.updates.electronWithToken, async (caller, input, reply) => {
      const { file } = input.params as { file: string };
      const wanted = electronChannelFile(file);
      if (!wanted) throw notFound('feedNotFound');
      // electron-updater stages on the client (stagingPercentage), so no server rollout here.
      const releases = await check(caller, {
        ...wanted,
        currentVersion: reportedVersion(undefined, input.request.headers),
        format: 'electron',
        serverRollout: false,
      });
      for (const release of releases) {
        const yaml = electronUpdateInfo(release, wanted.platform, wanted.arch);
        if (yaml) return reply.type('text/yaml; charset=utf-8').send(yaml);
      }
      throw notFound('downloadNotFound');
    });

    // Squirrel.Mac (Electron's autoUpdater on macOS): the update, or 204.
    feed(API.updates.squirrelMac, API.updates.squirrelMacWithToken, async (caller, input) => {
      const p = input.params as { channel: string; arch: string; currentVersion: string };
      const channel = parseChannel(p.channel);
      const arch = archNamed(p.arch, 'ours', 'apple');
      if (!channel || !arch) throw notFound('feedNotFound');
      const currentVersion = reportedVersion(p.currentVersion, {});
      const releases = await check(caller, {
        platform: 'macos',
        arch,
        currentVersion,
        channel,
        format: 'squirrel-mac',
      });
      for (const release of releases) {
        if (currentVersion && !tauriNeedsUpdate(currentVersion, release)) return undefined;
        const update = squirrelMacUpdate(release, arch);
        if (update) return update;
      }
      return undefined;
    });

    // Squirrel.Windows: RELEASES, or a package it names.
    feed(
      API.updates.squirrelWindows,
      API.updates.squirrelWindowsWithToken,
      async (caller, input, reply) => {
        const p = input.params as { channel: string; file: string };
        const channel = parseChannel(p.channel);
        if (!channel) throw notFound('feedNotFound');
        if (p.file !== 'RELEASES') return sendFeedFile(caller, null, p.file, reply);
        const query = input.query as Record<string, unknown>;
        const releases = await check(caller, {
          platform: 'windows',
          arch: (typeof query.arch === 'string' ? archNamed(query.arch, 'windows') : null) ?? 'x64',
          currentVersion: reportedVersion(query.localVersion, {}),
          channel,
          format: 'squirrel-windows',
        });
        return reply.type('text/plain; charset=utf-8').send(squirrelWindowsReleases(releases));
      },
      sendsFiles,
    );

    // Tauri v2 dynamic update server: the update, or 204 when up to date.
    feed(API.updates.tauri, API.updates.tauriWithToken, async (caller, input) => {
      const p = input.params as {
        channel: string;
        target: string;
        arch: string;
        currentVersion: string;
      };
      const channel = parseChannel(p.channel);
      const target = tauriTarget(p.target, p.arch);
      if (!channel || !target) throw notFound('feedNotFound');
      const currentVersion = reportedVersion(p.currentVersion, {});
      const releases = await check(caller, { ...target, currentVersion, channel, format: 'tauri' });
      for (const release of releases) {
        if (currentVersion && !tauriNeedsUpdate(currentVersion, release)) return undefined;
        const update = tauriUpdate(release, target.platform, target.arch);
        if (update) return update;
      }
      return undefined;
    });

    // Velopack: releases.{channel}.json, or a package it names. A feed name of a channel we do
    // not serve is an unknown feed, not a missing package (docs/updates.md "Errors").
    feed(
      API.updates.velopack,
      API.updates.velopackWithToken,
      async (caller, input, reply) => {
        const { file } = input.params as { file: string };
        const wanted = velopackChannel(file);
        if (!wanted) {
          if (isVelopackFeedName(file)) throw notFound('feedNotFound');
          return sendFeedFile(caller, null, file, reply);
        }
        const query = input.query as Record<string, unknown>;
        const arch = archNamed(String(query.arch ?? ''), 'ours');
        const releases = await check(caller, {
          ...wanted,
          arch,
          currentVersion: reportedVersion(query.localVersion, {}),
          format: 'velopack',
        });
        const body = velopackFeed(
          releases,
          wanted.platform,
          typeof query.id === 'string' ? query.id : '',
          arch ?? undefined,
        );
        // The route's 200 is the JSON bytes (files share the path), so it is serialised here.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
      },
      sendsFiles,
    );

    // Sparkle appcast.
    feed(API.updates.sparkle, API.updates.sparkleWithToken, async (caller, input, reply) => {
      const p = input.params as { channel: string };
      const channel = parseChannel(p.channel);
      if (!channel) throw notFound('feedNotFound');
      const releases = await check(caller, {
        platform: 'macos',
        arch: null,
        currentVersion: reportedVersion(undefined, input.request.headers),
        channel,
        format: 'sparkle',
      });
      const xml = sparkleAppcast(releases, {
        title: `${ctx.config.productName} updates`,
        link: ctx.config.publicUrl,
      });
      return reply.type('application/rss+xml; charset=utf-8').send(xml);
    });

    // A file of a release (and its .blockmap).
    feed(
      API.updates.file,
      API.updates.fileWithToken,
      async (caller, input, reply) => {
        const p = input.params as { version: string; filename: string };
        return sendFeedFile(caller, p.version, p.filename, reply);
      },
      sendsFiles,
    );

    /**
     * Sends a file the caller may have (service.ts `feedFile`) as plugins/send-file.ts
     * `sendDelivery` does, several ranges in one request included (electron-updater's
     * differential download).
     */
    async function sendFeedFile(
      caller: FeedCaller,
      version: string | null,
      filename: string,
      reply: FastifyReply,
    ) {
      const { delivery, artifact } = await feedFile(ctx, caller, version, filename);
      return sendDelivery(reply, ctx.config.dataDir, delivery, artifact.filename, {
        multipartRanges: true,
      });
    }
  };
}
