/**
 * Download rules (spec sections 4, 6 and 8; README "Downloads"; docs/updates.md "Access"): only
 * signed-in users whose subscription gives access download (while active, every release of their
 * channel; after the expiry, on a plan that keeps them, the releases published before it);
 * unknown, inactive, yanked or not-offered versions are 404. Files stored here are
 * handed out through signed links that expire after DOWNLOAD_LINK_TTL_MS (5 minutes); when the
 * file is fetched, the account and the subscription are checked again.
 */
import { randomUUID } from 'node:crypto';
import semver from 'semver';
import {
  DOWNLOAD_LINK_TTL_MS,
  EMAILED_DOWNLOAD_LINK_TTL_MS,
  emailedLinkMessage,
  formatFileSize,
  idSchema,
  versionFilename,
  type DownloadHistoryResponse,
  type DownloadLinkResponse,
  type DownloadVersion,
  type EmailDownloadLinkResponse,
  type ProgramVersion,
  type ReleaseChannel,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { brandOf, templates } from '../../mail/templates.js';
import { assertAccountActive } from '../accounts/sign-in.js';
import { notesForVersions } from '../changelog/service.js';
import { deliverOutbox, enqueueMail } from '../outbox/service.js';
import { findAccountById } from '../accounts/profile.js';
import { accessOf, isOfferedTo, type Access } from '../updates/access.js';
import {
  findArtifact,
  listReleases,
  listUserDownloads,
  recordDownloadOnce,
  type ReleaseWithArtifact,
} from './repository.js';
import type { FileDelivery } from './storage.js';

/** A release as subscribers see it (its file's name, size and checksum). Pure. */
export function toProgramVersion({ release, artifact }: ReleaseWithArtifact): ProgramVersion {
  return {
    id: release.id,
    version: release.version,
    filename: artifact.filename,
    file_size: artifact.fileSize,
    file_size_formatted: formatFileSize(artifact.fileSize),
    sha256: artifact.sha256,
    release_date: release.releaseDate,
    is_active: release.isActive,
  };
}

/** Releases newest semantic version first; only active ones unless `all`. */
export async function releasesBySemver(
  ctx: AppContext,
  all = false,
): Promise<ReleaseWithArtifact[]> {
  const rows = await listReleases(ctx.db, all);
  return rows.sort((a, b) => semver.rcompare(a.release.version, b.release.version));
}

/**
 * What `user` may download now (updates/access.ts).
 * @throws 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE; 403 SUBSCRIPTION_REQUIRED when it gives nothing.
 */
async function downloadAccess(ctx: AppContext, user: UserRow): Promise<Access> {
  const access = await accessOf(ctx, user);
  if (access.kind === 'none') {
    assertAccountActive(user);
    throw forbidden('subscriptionRequired');
  }
  return access;
}

/** The releases offered to `user`, newest semantic version first. Same errors. */
async function offeredReleases(ctx: AppContext, user: UserRow): Promise<ReleaseWithArtifact[]> {
  const access = await downloadAccess(ctx, user);
  const channel = user.releaseChannel as ReleaseChannel;
  return (await releasesBySemver(ctx)).filter((r) => isOfferedTo(r.release, channel, access));
}

/**
 * `GET /downloads/versions`: active versions, newest first, each with the notes of its published
 * changelog entry (null when none), for the download centre (spec sections 1 and 7).
 * @throws 403 SUBSCRIPTION_REQUIRED.
 */
export async function versions(ctx: AppContext, user: UserRow): Promise<DownloadVersion[]> {
  const rows = (await offeredReleases(ctx, user)).map(toProgramVersion);
  const notes = await notesForVersions(
    ctx,
    rows.map((r) => r.version),
  );
  return rows.map((r) => ({ ...r, notes: notes.get(r.version) ?? null }));
}

/** `GET /downloads/latest`: the newest active version. @throws 403; 404 RELEASE_NOT_FOUND. */
export async function latest(ctx: AppContext, user: UserRow): Promise<ProgramVersion> {
  const [newest] = await offeredReleases(ctx, user);
  if (!newest) throw notFound('downloadNotFound');
  return toProgramVersion(newest);
}

/** `GET /downloads/history`: the user's downloads, newest first. @throws 403. */
export async function history(ctx: AppContext, user: UserRow): Promise<DownloadHistoryResponse> {
  await downloadAccess(ctx, user);
  return { downloads: await downloadHistory(ctx, user.id) };
}

/** The downloads of `userId`, newest first (also shown to admins). */
export async function downloadHistory(ctx: AppContext, userId: string, limit = 50) {
  const rows = await listUserDownloads(ctx.db, userId, limit);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    filename: r.filename,
    downloaded_at: r.at.toISOString(),
  }));
}

/**
 * `GET /downloads/link?version=`: a link for `version` (the newest when absent). For a file
 * stored here it is a signed URL valid for 5 minutes; for an externally hosted version it is
 * that URL, and the download is recorded now.
 * @throws 403 SUBSCRIPTION_REQUIRED; 404 RELEASE_NOT_FOUND for an unknown or inactive version.
 */
export function createLink(
  ctx: AppContext,
  user: UserRow,
  version?: string,
): Promise<DownloadLinkResponse> {
  return issueLink(ctx, user, version, DOWNLOAD_LINK_TTL_MS);
}

/** `createLink` with a link lifetime of `ttlMs` milliseconds. Same errors. */
async function issueLink(
  ctx: AppContext,
  user: UserRow,
  version: string | undefined,
  ttlMs: number,
): Promise<DownloadLinkResponse> {
  const all = await offeredReleases(ctx, user);
  const target = version ? all.find((r) => r.release.version === version) : all[0];
  if (!target) throw notFound('downloadNotFound');
  const { release, artifact } = target;
  const filename = versionFilename(ctx.config.productName, release.version);
  const signed = await ctx.tokens.sign('download', user.id, ttlMs, {
    aid: artifact.id,
  });
  const link = { filename, version: release.version, expires_at: signed.expiresAt.toISOString() };
  if (!artifact.storagePath && artifact.downloadUrl) {
    const recorded = await recordDownloadOnce(ctx.db, {
      userId: user.id,
      artifactId: artifact.id,
      releaseId: release.id,
      linkId: signed.id,
    });
    if (recorded) ctx.metrics.download();
    return { ...link, download_url: artifact.downloadUrl };
  }
  return {
    ...link,
    download_url: `${ctx.config.publicUrl}/api/v1/downloads/file?token=${encodeURIComponent(signed.token)}`,
  };
}

/**
 * `POST /downloads/email-link`: e-mails the caller a link to `version` (the newest when absent)
 * at the account's own address, to open later on a computer (a phone has no use for the desktop
 * ZIP). The link lives EMAILED_DOWNLOAD_LINK_TTL_MS (24 h) and, like every link, serves the file
 * only while the account is active and subscribed (checked again by `resolveLink`); the download
 * is recorded when the file is fetched. The e-mail goes through the outbox (docs/jobs-and-email.md):
 * sent before the answer when the transport takes it, else retried with backoff.
 * @throws 403 SUBSCRIPTION_REQUIRED; 404 RELEASE_NOT_FOUND.
 */
export async function emailLink(
  ctx: AppContext,
  user: UserRow,
  version?: string,
): Promise<EmailDownloadLinkResponse> {
  const link = await issueLink(ctx, user, version, EMAILED_DOWNLOAD_LINK_TTL_MS);
  const mail = templates.downloadLink(brandOf(ctx.config), user.username, {
    version: link.version,
    filename: link.filename,
    url: link.download_url,
    expiresAt: link.expires_at,
  });
  // Each request is its own cause (the same version may be asked for again), so a key of its own.
  const id = await enqueueMail(ctx.db, ctx.now(), {
    to: user.email,
    kind: 'download-link',
    dedupeKey: `download-link:${user.id}:${randomUUID()}`,
    ...mail,
  });
  await deliverOutbox(ctx, [id]);
  return {
    message: emailedLinkMessage(link.filename, user.email),
    sent_to: user.email,
    version: link.version,
    expires_at: link.expires_at,
  };
}

/**
 * A verified download link: how its file goes out (streamed from DATA_DIR, by nginx through
 * X-Accel-Redirect when DOWNLOAD_ACCEL_REDIRECT is set, or a redirect to a presigned URL when
 * S3_BUCKET is set; storage.ts `FileDelivery`) and what to call it.
 */
export interface ResolvedFile {
  delivery: FileDelivery;
  filename: string;
}

/**
 * Checks a signed link and records the download (once per link). The link only proves who asked
 * and when: the account and its subscription are checked again now, so a link issued before the
 * account was suspended, deactivated or deleted, or before the subscription ended, serves nothing.
 * Then says how the stored file goes out (docs/downloads.md). Called once per request to the
 * link: with object storage the bytes, Range requests included, then come from the store without
 * coming back here, so nothing is counted per byte range.
 * @throws 404 DOWNLOAD_LINK_INVALID (bad or expired link, deleted account), RELEASE_NOT_FOUND or
 * ARTIFACT_MISSING (recorded, but the file is not in the store);
 * 403 ACCOUNT_SUSPENDED / ACCOUNT_INACTIVE / SUBSCRIPTION_REQUIRED.
 */
export async function resolveLink(ctx: AppContext, token: string): Promise<ResolvedFile> {
  const claims = await ctx.tokens.verify('download', token);
  if (!claims || typeof claims.aid !== 'string' || !idSchema.safeParse(claims.aid).success)
    throw notFound('downloadLinkInvalid');
  const found = await findArtifact(ctx.db, claims.aid);
  if (!found || !found.release.isActive || !found.artifact.storagePath)
    throw notFound('downloadNotFound');
  const user = await findAccountById(ctx, claims.sub);
  if (!user || user.deletedAt) throw notFound('downloadLinkInvalid');
  const access = await downloadAccess(ctx, user);
  if (!isOfferedTo(found.release, user.releaseChannel as ReleaseChannel, access))
    throw notFound('downloadNotFound');
  const recorded = await recordDownloadOnce(ctx.db, {
    userId: user.id,
    artifactId: found.artifact.id,
    releaseId: found.release.id,
    linkId: claims.jti,
  });
  if (recorded) ctx.metrics.download();
  const filename = versionFilename(ctx.config.productName, found.release.version);
  const delivery = await ctx.artifacts.deliveryOf(found.artifact.storagePath, filename);
  if (!delivery) throw notFound('downloadFileMissing');
  return { delivery, filename };
}
