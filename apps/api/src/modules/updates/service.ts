/**
 * The update feeds (docs/updates.md): who may fetch them (the feed token and the access rule of
 * subscriptions/access.ts), which releases a feed offers (channel, access after expiry, staged rollout, yank,
 * minimum supported version), and the user's own settings (`/updates/me`). The documents
 * themselves are written by the renderers in formats/.
 */
import { createHash } from 'node:crypto';
import semver from 'semver';
import {
  type Arch,
  type MyUpdatesResponse,
  type Platform,
  type ReleaseChannel,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ArtifactRow, ReleaseRow, UserRow } from '../../db/schema.js';
import { forbidden, notFound, unauthorized } from '../../lib/http-error.js';
import { assertAccountActive } from '../accounts/sign-in.js';
import { findAccountById } from '../accounts/profile.js';
import { markdownNotesForVersions } from '../changelog/service.js';
import type { FileDelivery } from '../releases/storage.js';
import { accessOf, accessView, isOfferedTo, type Access } from '../subscriptions/access.js';
import { channelsUpTo, effectiveChannel } from './channels.js';
import type { CheckRecorder } from './checks.js';
import type { FeedArtifact, FeedRelease } from './feed-model.js';
import { FEED_TOKENS, feedTokenMatches, feedTokenOf, feedTokenUserId } from './feed-token.js';
import {
  findMinimumVersion,
  listActiveReleases,
  nextFeedTokenVersion,
  setReleaseChannel,
  type ReleaseWithArtifacts,
} from './repository.js';

/** The feed-token key of the app's secret (derived once, lib/keyed-token.ts). */
function keyOf(ctx: AppContext): Buffer {
  return FEED_TOKENS.key(ctx.config.jwtSecret);
}

/** The current feed token of `user`. */
export function feedTokenOfUser(ctx: AppContext, user: UserRow): string {
  return feedTokenOf(keyOf(ctx), user.id, user.feedTokenVersion);
}

/** The feed URLs of `token`, one per updater (contract `feedUrlsSchema`). */
export function feedUrls(ctx: AppContext, token: string, channel: ReleaseChannel) {
  const base = `${ctx.config.publicUrl}/api/v1/updates/t/${token}`;
  return {
    electron: `${base}/electron`,
    squirrel_mac: `${base}/squirrel-mac/${channel}/{arch}/{version}`,
    squirrel_windows: `${base}/squirrel-win/${channel}`,
    tauri: `${base}/tauri/${channel}/{{target}}/{{arch}}/{{current_version}}`,
    velopack: `${base}/velopack`,
    sparkle: `${base}/sparkle/${channel}/appcast.xml`,
  };
}

/** `GET /updates/me`: the caller's channel, feed token, feed URLs and access. */
export async function myUpdates(ctx: AppContext, user: UserRow): Promise<MyUpdatesResponse> {
  const token = feedTokenOfUser(ctx, user);
  const channel = user.releaseChannel as ReleaseChannel;
  return {
    channel,
    feed_token: token,
    feeds: feedUrls(ctx, token, channel),
    access: accessView(await accessOf(ctx, user)),
  };
}

/** `PUT /updates/me`: sets the caller's release channel. */
export async function setMyChannel(
  ctx: AppContext,
  user: UserRow,
  channel: ReleaseChannel,
): Promise<MyUpdatesResponse> {
  const written = await setReleaseChannel(ctx.db, user.id, channel);
  return myUpdates(ctx, written ?? user);
}

/** `POST /updates/me/feed-token`: a new feed token; the old one stops working at once. */
export async function rotateMyFeedToken(
  ctx: AppContext,
  user: UserRow,
): Promise<MyUpdatesResponse> {
  const written = await nextFeedTokenVersion(ctx.db, user.id);
  ctx.log.info({ userId: user.id }, 'feed token rotated');
  return myUpdates(ctx, written ?? user);
}

/**
 * The minimum supported version set by admins (docs/updates.md "Minimum supported version"), or
 * null for none. Licenses answer VERSION_NOT_ALLOWED below it (docs/licenses.md).
 */
export function minimumSupportedVersion(ctx: AppContext): Promise<string | null> {
  return findMinimumVersion(ctx.db);
}

/** Who fetches a feed: the user its token names, and what their subscription gives. */
export interface FeedCaller {
  user: UserRow;
  token: string;
  access: Exclude<Access, { kind: 'none' }>;
}

/**
 * The caller a feed token names, checked now: the token is the user's current one, the account
 * is ACTIVE, and the subscription gives something (access.ts).
 * @throws 401 FEED_TOKEN_INVALID (missing, malformed, rotated, unknown or deleted user);
 * 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE; 403 SUBSCRIPTION_REQUIRED (never subscribed, refunded,
 * or ended on a plan without access after expiry).
 */
export async function feedCaller(ctx: AppContext, token: string | undefined): Promise<FeedCaller> {
  const userId = token ? feedTokenUserId(token) : undefined;
  if (!token || !userId) throw unauthorized('feedTokenInvalid');
  const user = await findAccountById(ctx, userId);
  if (
    !user ||
    user.deletedAt ||
    !feedTokenMatches(keyOf(ctx), token, user.id, user.feedTokenVersion)
  )
    throw unauthorized('feedTokenInvalid');
  assertAccountActive(user);
  const access = await accessOf(ctx, user);
  if (access.kind === 'none') throw forbidden('subscriptionRequired');
  return { user, token, access };
}

/**
 * True when `userId` is among the first `percentage` % of users for `releaseId`: a stable hash of
 * both (SHA-256, first 32 bits, mod 100), so a user stays in or out of a rollout as it widens, and
 * different releases reach different users first. Pure.
 */
export function inRollout(releaseId: string, userId: string, percentage: number): boolean {
  if (percentage >= 100) return true;
  if (percentage <= 0) return false;
  const bucket = createHash('sha256').update(`${releaseId}:${userId}`).digest().readUInt32BE(0);
  return bucket % 100 < percentage;
}

/** What one feed request asks for. */
export interface FeedQuery {
  /** The channel the updater asked for, already parsed. */
  channel: ReleaseChannel;
  /** The version the updater runs, when it says (semver), else null. */
  currentVersion: string | null;
  /**
   * True for feeds without client-side staging: the rollout is applied here. electron-updater
   * applies `stagingPercentage` itself, so its feed lists a release in rollout to everyone.
   */
  serverRollout: boolean;
}

/** The absolute URL of a file of release `version` for the caller (token in the path). */
function fileUrl(ctx: AppContext, token: string, version: string, filename: string): string {
  return `${ctx.config.publicUrl}/api/v1/updates/t/${token}/files/${encodeURIComponent(version)}/${encodeURIComponent(filename)}`;
}

/** An artifact as feeds name it, or null when it lacks what feeds need (a file stored here). */
function feedArtifact(
  ctx: AppContext,
  token: string,
  release: ReleaseRow,
  a: ArtifactRow,
): FeedArtifact | null {
  if (!a.storagePath || !a.sha1 || !a.sha512 || !a.sha256) return null;
  return {
    platform: a.platform as Platform,
    arch: a.arch as Arch,
    kind: a.kind as FeedArtifact['kind'],
    filename: a.filename,
    size: a.fileSize,
    sha1: a.sha1,
    sha256: a.sha256,
    sha512: a.sha512,
    signature: a.signature,
    edSignature: a.edSignature,
    url: fileUrl(ctx, token, release.version, a.filename),
  };
}

/**
 * Releases offered to the caller on `channel` (`isOfferedTo`, subscriptions/access.ts: after
 * expiry only those published before it), newest semantic version first.
 */
async function offeredFor(
  ctx: AppContext,
  caller: FeedCaller,
  channel: ReleaseChannel,
): Promise<ReleaseWithArtifacts[]> {
  const rows = await listActiveReleases(ctx.db, channelsUpTo(channel));
  return rows
    .filter(
      (r) => isOfferedTo(r.release, channel, caller.access) && semver.valid(r.release.version),
    )
    .sort((a, b) => semver.rcompare(a.release.version, b.release.version));
}

/**
 * The releases a feed offers the caller, newest semantic version first, in feed form: on the
 * effective channel (effectiveChannel), published before the expiry when the subscription ended,
 * not yanked, within the staged rollout when `serverRollout` — unless the caller runs a version
 * below the minimum supported one: then every allowed release is offered and flagged critical.
 */
export async function feedReleases(
  ctx: AppContext,
  caller: FeedCaller,
  query: FeedQuery,
): Promise<FeedRelease[]> {
  const channel = effectiveChannel(query.channel, caller.user.releaseChannel as ReleaseChannel);
  const [rows, minimum] = await Promise.all([
    offeredFor(ctx, caller, channel),
    findMinimumVersion(ctx.db),
  ]);
  const critical =
    !!minimum &&
    !!query.currentVersion &&
    !!semver.valid(query.currentVersion) &&
    semver.lt(query.currentVersion, minimum);
  const chosen = rows.filter(
    ({ release }) =>
      critical ||
      !query.serverRollout ||
      inRollout(release.id, caller.user.id, release.rolloutPercentage),
  );
  const notes = await markdownNotesForVersions(
    ctx,
    chosen.map((r) => r.release.version),
  );
  return chosen.map(({ release, artifacts }) => ({
    version: release.version,
    channel: release.channel as ReleaseChannel,
    publishedAt: release.publishedAt ?? release.createdAt,
    title: notes.get(release.version)?.title ?? null,
    notes: notes.get(release.version)?.changes ?? null,
    rolloutPercentage: release.rolloutPercentage,
    critical,
    minimumSystemVersion: release.minimumSystemVersion,
    artifacts: artifacts
      .map((a) => feedArtifact(ctx, caller.token, release, a))
      .filter((a): a is FeedArtifact => a !== null),
  }));
}

/** A file of a release the caller may fetch, and how it goes out. */
export interface FeedFile {
  artifact: ArtifactRow;
  release: ReleaseRow;
  delivery: FileDelivery;
}

/**
 * The stored file `filename` of release `version` (or, without a version, of the newest offered
 * release that has a file of that name: Velopack and Squirrel.Windows name files only), if the
 * caller may have it: offered on the user's channel and, after the expiry, published before it.
 * The staged rollout is not checked here: it decides what feeds offer, not who may fetch a file.
 * @throws 404 RELEASE_NOT_FOUND (no such file for the caller); 404 ARTIFACT_MISSING.
 */
export async function feedFile(
  ctx: AppContext,
  caller: FeedCaller,
  version: string | null,
  filename: string,
): Promise<FeedFile> {
  const rows = await offeredFor(ctx, caller, caller.user.releaseChannel as ReleaseChannel);
  for (const { release, artifacts } of rows) {
    if (version !== null && release.version !== version) continue;
    const artifact = artifacts.find((a) => a.filename === filename && a.storagePath);
    if (!artifact) continue;
    const delivery = await ctx.artifacts.deliveryOf(artifact.storagePath!, artifact.filename);
    if (!delivery) throw notFound('downloadFileMissing');
    return { artifact, release, delivery };
  }
  throw notFound('downloadNotFound');
}

/**
 * The version an updater says it runs: an explicit value (a path segment, Velopack's and
 * Squirrel's `localVersion`), else the `X-App-Version` header, else a `Name/1.2.3` product token
 * at the start of the User-Agent (Sparkle sends one). A value that is not semver counts as unknown.
 */
export function reportedVersion(
  explicit: unknown,
  headers: Record<string, string | string[] | undefined>,
): string | null {
  const candidates = [
    explicit,
    headers['x-app-version'],
    /^[^/\s]+\/(\d+\.\d+\.\d+[^\s]*)/.exec(String(headers['user-agent'] ?? ''))?.[1],
  ];
  for (const c of candidates) {
    if (typeof c === 'string' && semver.valid(c)) return semver.clean(c);
  }
  return null;
}

/** One feed check: what the updater asked for and said; `arch` null when it did not say. */
export interface FeedCheck {
  platform: Platform;
  arch: Arch | null;
  currentVersion: string | null;
  channel: ReleaseChannel;
  format: string;
}

/** Notes the check for the adoption charts (checks.ts). */
export function noteCheck(recorder: CheckRecorder, caller: FeedCaller, check: FeedCheck): void {
  recorder.note({
    userId: caller.user.id,
    platform: check.platform,
    arch: check.arch ?? 'unknown',
    currentVersion: check.currentVersion,
    channel: check.channel,
    format: check.format,
  });
}

/** Header telling the updater's developer that updates stop at the expiry (docs/updates.md). */
export function accessHeader(caller: FeedCaller): string | undefined {
  return caller.access.kind === 'until' ? `until=${caller.access.until.toISOString()}` : undefined;
}
