/**
 * The update feeds' route handlers (docs/updates.md "Feeds"), one per updater format, each typed
 * by its entry in the route table. A handler serves both forms of its feed: the header form
 * (`/updates/…`, `Authorization: Bearer <feed token>`) and the token form
 * (`/updates/t/:feedToken/…`), whose params are the same plus `feedToken`. {@link feedRoute} finds
 * the caller first, so every 404 below goes only to a valid token. routes.ts registers them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { archNamed, type API, type Endpoint, type InputOf } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import type { RouteAnswer } from '../../plugins/route.js';
import { sendDelivery } from '../../plugins/send-file.js';
import { parseChannel } from './channels.js';
import type { CheckRecorder } from './checks.js';
import { electronChannelFile, electronUpdateInfo } from './formats/electron.js';
import { sparkleAppcast } from './formats/sparkle.js';
import { squirrelMacUpdate } from './formats/squirrel-mac.js';
import { squirrelWindowsReleases } from './formats/squirrel-windows.js';
import { tauriNeedsUpdate, tauriTarget, tauriUpdate } from './formats/tauri.js';
import { isVelopackFeedName, velopackChannel, velopackFeed } from './formats/velopack.js';
import type { FeedRelease } from './feed-model.js';
import {
  accessHeader,
  feedCaller,
  feedFile,
  feedReleases,
  noteCheck,
  reportedVersion,
  type FeedCaller,
  type FeedCheck,
} from './service.js';

/** What every feed handler reaches: the app and where checks are noted (app.ts owns it). */
export interface Feeds {
  ctx: AppContext;
  recorder: CheckRecorder;
}

/**
 * What a handler of header-form endpoint `E` gets: `E`'s parsed params (with `feedToken` when it
 * came by the token form) and query, and the request.
 */
type FeedInput<E extends Endpoint> = InputOf<E> & {
  params: { feedToken?: string };
  request: FastifyRequest;
};

/** A feed's handler for header-form endpoint `E`, called with the caller already checked. */
export type FeedHandler<E extends Endpoint> = (
  feeds: Feeds,
  caller: FeedCaller,
  input: FeedInput<E>,
  reply: FastifyReply,
) => Promise<RouteAnswer<E>>;

/** The feed token of a request: the path's `:feedToken`, else `Authorization: Bearer …`. */
function tokenOf(params: { feedToken?: string }, request: FastifyRequest): string | undefined {
  if (params.feedToken) return params.feedToken;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * The route handler of both forms of the feed whose header form is `_headerForm` (it gives the
 * types only): checks the feed token, the account and the access (service.ts `feedCaller`), sets
 * `Flockr-Update-Access` when updates stop at the expiry, then runs `handler`.
 * @throws 401 FEED_TOKEN_INVALID; 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE /
 * SUBSCRIPTION_REQUIRED; then `handler`'s errors.
 */
export function feedRoute<E extends Endpoint>(
  feeds: Feeds,
  _headerForm: E,
  handler: FeedHandler<E>,
) {
  return async (input: FeedInput<E>, reply: FastifyReply): Promise<RouteAnswer<E>> => {
    const caller = await feedCaller(feeds.ctx, tokenOf(input.params, input.request));
    const header = accessHeader(caller);
    if (header) reply.header('flockr-update-access', header);
    return handler(feeds, caller, input, reply);
  };
}

/**
 * Notes the check for the adoption charts and returns the releases the feed offers the caller,
 * newest first (service.ts `feedReleases`); the rollout is applied here unless `serverRollout`
 * is false (an updater that stages on the client).
 */
function check(
  { ctx, recorder }: Feeds,
  caller: FeedCaller,
  c: FeedCheck & { serverRollout?: boolean },
): Promise<FeedRelease[]> {
  noteCheck(recorder, caller, c);
  return feedReleases(ctx, caller, {
    channel: c.channel,
    currentVersion: c.currentVersion,
    serverRollout: c.serverRollout ?? true,
  });
}

/**
 * Sends the file `filename` of release `version` (null: the newest offered release that has
 * one) if the caller may have it (service.ts `feedFile`), as plugins/send-file.ts `sendDelivery`
 * does, several ranges in one request included (electron-updater's differential download).
 * @throws 404 RELEASE_NOT_FOUND (no such file for the caller); 404 ARTIFACT_MISSING.
 */
async function sendFeedFile(
  { ctx }: Feeds,
  caller: FeedCaller,
  version: string | null,
  filename: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { delivery, artifact } = await feedFile(ctx, caller, version, filename);
  return sendDelivery(reply, ctx.config.dataDir, delivery, artifact.filename, {
    multipartRanges: true,
  });
}

/**
 * electron-updater's generic provider: `{channel}.yml`, `{channel}-mac.yml`,
 * `{channel}-linux[-arm64|-ia32].yml` as YAML (formats/electron.ts). electron-updater stages on
 * the client (`stagingPercentage`), so no server rollout here.
 * @throws 404 FEED_NOT_FOUND for another name; 404 RELEASE_NOT_FOUND when nothing is offered.
 */
export const electronRoute: FeedHandler<typeof API.updates.electron> = async (
  feeds,
  caller,
  { params, request },
  reply,
) => {
  const wanted = electronChannelFile(params.file);
  if (!wanted) throw notFound('feedNotFound');
  const releases = await check(feeds, caller, {
    ...wanted,
    currentVersion: reportedVersion(undefined, request.headers),
    format: 'electron',
    serverRollout: false,
  });
  for (const release of releases) {
    const yaml = electronUpdateInfo(release, wanted.platform, wanted.arch);
    if (yaml) return reply.type('text/yaml; charset=utf-8').send(yaml);
  }
  throw notFound('downloadNotFound');
};

/**
 * Squirrel.Mac (Electron's autoUpdater on macOS): the newest zip for `:arch` (our names or
 * macOS `uname -m`'s, contract `ARCH_ALIASES`) above `:currentVersion` (formats/squirrel-mac.ts),
 * or undefined (204) when up to date or there is none.
 * @throws 404 FEED_NOT_FOUND for an unknown channel or architecture.
 */
export const squirrelMacRoute: FeedHandler<typeof API.updates.squirrelMac> = async (
  feeds,
  caller,
  { params },
) => {
  const channel = parseChannel(params.channel);
  const arch = archNamed(params.arch, 'ours', 'apple');
  if (!channel || !arch) throw notFound('feedNotFound');
  const currentVersion = reportedVersion(params.currentVersion, {});
  const releases = await check(feeds, caller, {
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
};

/**
 * Squirrel.Windows: `RELEASES` as text (formats/squirrel-windows.ts) for the `arch` query
 * (Squirrel.Windows' words, contract `ARCH_ALIASES`; x64 when it says none we know) and the
 * `localVersion` query, or the package any other name names.
 * @throws 404 FEED_NOT_FOUND for an unknown channel; `sendFeedFile`'s 404s for a package.
 */
export const squirrelWindowsRoute: FeedHandler<typeof API.updates.squirrelWindows> = async (
  feeds,
  caller,
  { params, query },
  reply,
) => {
  const channel = parseChannel(params.channel);
  if (!channel) throw notFound('feedNotFound');
  if (params.file !== 'RELEASES') return sendFeedFile(feeds, caller, null, params.file, reply);
  const arch = typeof query.arch === 'string' ? archNamed(query.arch, 'windows') : null;
  const releases = await check(feeds, caller, {
    platform: 'windows',
    arch: arch ?? 'x64',
    currentVersion: reportedVersion(query.localVersion, {}),
    channel,
    format: 'squirrel-windows',
  });
  return reply.type('text/plain; charset=utf-8').send(squirrelWindowsReleases(releases));
};

/**
 * Tauri v2's dynamic update server: the signed update for `{{target}}` and `{{arch}}` (Rust's
 * names, formats/tauri.ts `tauriTarget`) above `{{current_version}}`, or undefined (204) when up
 * to date or there is none.
 * @throws 404 FEED_NOT_FOUND for an unknown channel, target or architecture.
 */
export const tauriRoute: FeedHandler<typeof API.updates.tauri> = async (
  feeds,
  caller,
  { params },
) => {
  const channel = parseChannel(params.channel);
  const target = tauriTarget(params.target, params.arch);
  if (!channel || !target) throw notFound('feedNotFound');
  const currentVersion = reportedVersion(params.currentVersion, {});
  const releases = await check(feeds, caller, {
    ...target,
    currentVersion,
    channel,
    format: 'tauri',
  });
  for (const release of releases) {
    if (currentVersion && !tauriNeedsUpdate(currentVersion, release)) return undefined;
    const update = tauriUpdate(release, target.platform, target.arch);
    if (update) return update;
  }
  return undefined;
};

/**
 * Velopack: `releases.{channel}.json` (formats/velopack.ts) for the `id`, `arch` (our names) and
 * `localVersion` queries, serialised here as the route's 200 is bytes (packages share the
 * path), or the package any other name names. A feed name of a channel we do not serve is an
 * unknown feed, not a missing package (docs/updates.md "Errors").
 * @throws 404 FEED_NOT_FOUND for such a name; `sendFeedFile`'s 404s for a package.
 */
export const velopackRoute: FeedHandler<typeof API.updates.velopack> = async (
  feeds,
  caller,
  { params, query },
  reply,
) => {
  const wanted = velopackChannel(params.file);
  if (!wanted) {
    if (isVelopackFeedName(params.file)) throw notFound('feedNotFound');
    return sendFeedFile(feeds, caller, null, params.file, reply);
  }
  const arch = archNamed(String(query.arch ?? ''), 'ours');
  const releases = await check(feeds, caller, {
    ...wanted,
    arch,
    currentVersion: reportedVersion(query.localVersion, {}),
    format: 'velopack',
  });
  const packageId = typeof query.id === 'string' ? query.id : '';
  const body = velopackFeed(releases, wanted.platform, packageId, arch ?? undefined);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
};

/**
 * Sparkle: the appcast (RSS, formats/sparkle.ts) of the macOS releases of `:channel`.
 * @throws 404 FEED_NOT_FOUND for an unknown channel.
 */
export const sparkleRoute: FeedHandler<typeof API.updates.sparkle> = async (
  feeds,
  caller,
  { params, request },
  reply,
) => {
  const channel = parseChannel(params.channel);
  if (!channel) throw notFound('feedNotFound');
  const releases = await check(feeds, caller, {
    platform: 'macos',
    arch: null,
    currentVersion: reportedVersion(undefined, request.headers),
    channel,
    format: 'sparkle',
  });
  const xml = sparkleAppcast(releases, {
    title: `${feeds.ctx.config.productName} updates`,
    link: feeds.ctx.config.publicUrl,
  });
  return reply.type('application/rss+xml; charset=utf-8').send(xml);
};

/**
 * A file of a release (and its `.blockmap`), as the feeds' URLs name it: `sendFeedFile`.
 * @throws its 404s.
 */
export const fileRoute: FeedHandler<typeof API.updates.file> = async (
  feeds,
  caller,
  { params },
  reply,
) => sendFeedFile(feeds, caller, params.version, params.filename, reply);
