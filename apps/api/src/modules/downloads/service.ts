/**
 * Download rules (spec §6, §8): only signed-in users with an active subscription download;
 * unknown or inactive versions are 404. Files stored here are handed out through signed links
 * that expire after DOWNLOAD_LINK_TTL_MS (5 minutes).
 */
import semver from 'semver';
import {
  API_ERRORS,
  DOWNLOAD_LINK_TTL_MS,
  formatFileSize,
  versionFilename,
} from '@flockr/contract';
import type {
  DownloadHistoryResponse,
  DownloadLinkResponse,
  ProgramVersion,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { DownloadRow, UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { findSubscriptionByUser } from '../subscriptions/repository.js';
import { hasAccess } from '../subscriptions/status.js';
import {
  findDownloadById,
  listActiveDownloads,
  listUserDownloadEvents,
  recordDownloadOnce,
} from './repository.js';

/** A version as subscribers see it. */
export function toProgramVersion(row: DownloadRow): ProgramVersion {
  return {
    id: row.id,
    version: row.version,
    filename: row.filename,
    file_size: row.fileSize,
    file_size_formatted: formatFileSize(row.fileSize),
    sha256: row.sha256,
    release_date: row.releaseDate,
    is_active: row.isActive,
  };
}

/** @throws 403 'Active subscription required to download' unless `user` has paid time left. */
export async function assertDownloadAccess(ctx: AppContext, user: UserRow): Promise<void> {
  const sub = await findSubscriptionByUser(ctx.db, user.id);
  if (!hasAccess(sub?.subscription, ctx.now())) throw forbidden(API_ERRORS.subscriptionRequired);
}

/** Active versions, newest semantic version first. */
async function activeVersions(ctx: AppContext): Promise<DownloadRow[]> {
  const rows = await listActiveDownloads(ctx.db);
  return rows.sort((a, b) => semver.rcompare(a.version, b.version));
}

/** `GET /downloads/versions`. */
export async function versions(ctx: AppContext, user: UserRow): Promise<ProgramVersion[]> {
  await assertDownloadAccess(ctx, user);
  return (await activeVersions(ctx)).map(toProgramVersion);
}

/** `GET /downloads/latest`: the newest active version. @throws 404 when there is none. */
export async function latest(ctx: AppContext, user: UserRow): Promise<ProgramVersion> {
  await assertDownloadAccess(ctx, user);
  const [newest] = await activeVersions(ctx);
  if (!newest) throw notFound(API_ERRORS.downloadNotFound);
  return toProgramVersion(newest);
}

/** `GET /downloads/history`: the user's downloads, newest first. */
export async function history(ctx: AppContext, user: UserRow): Promise<DownloadHistoryResponse> {
  await assertDownloadAccess(ctx, user);
  const rows = await listUserDownloadEvents(ctx.db, user.id);
  return {
    downloads: rows.map((r) => ({
      id: r.id,
      version: r.version,
      filename: r.filename,
      downloaded_at: r.at.toISOString(),
    })),
  };
}

/**
 * `GET /downloads/link?version=`: a link for `version` (the newest when absent). For a file
 * stored here it is a signed URL valid for 5 minutes; for an externally hosted version it is
 * that URL, and the download is recorded now.
 * @throws 403 without an active subscription; 404 unknown or inactive version.
 */
export async function createLink(
  ctx: AppContext,
  user: UserRow,
  version?: string,
): Promise<DownloadLinkResponse> {
  await assertDownloadAccess(ctx, user);
  const all = await activeVersions(ctx);
  const target = version ? all.find((v) => v.version === version) : all[0];
  if (!target) throw notFound(API_ERRORS.downloadNotFound);
  const filename = versionFilename(ctx.config.productName, target.version);
  const signed = await ctx.tokens.sign('download', user.id, DOWNLOAD_LINK_TTL_MS, {
    did: target.id,
  });
  if (!target.storagePath && target.downloadUrl) {
    await recordDownloadOnce(ctx.db, { userId: user.id, downloadId: target.id, linkId: signed.id });
    return {
      download_url: target.downloadUrl,
      filename,
      version: target.version,
      expires_at: signed.expiresAt.toISOString(),
    };
  }
  return {
    download_url: `${ctx.config.publicUrl}/api/v1/downloads/file?token=${encodeURIComponent(signed.token)}`,
    filename,
    version: target.version,
    expires_at: signed.expiresAt.toISOString(),
  };
}

/** A verified download link: where the file is on disk and what to call it. */
export interface ResolvedFile {
  /** Path relative to DATA_DIR. */
  relativePath: string;
  /** Name the browser saves it as. */
  filename: string;
}

/**
 * Checks a signed link and records the download (once per link).
 * @throws 401 invalid or expired link; 403 subscription ended meanwhile; 404 version gone.
 */
export async function resolveLink(ctx: AppContext, token: string): Promise<ResolvedFile> {
  const claims = await ctx.tokens.verify('download', token);
  if (!claims || typeof claims.did !== 'string') throw notFound(API_ERRORS.downloadLinkInvalid);
  const row = await findDownloadById(ctx.db, claims.did);
  if (!row || !row.isActive || !row.storagePath) throw notFound(API_ERRORS.downloadNotFound);
  const sub = await findSubscriptionByUser(ctx.db, claims.sub);
  if (!hasAccess(sub?.subscription, ctx.now())) throw forbidden(API_ERRORS.subscriptionRequired);
  await recordDownloadOnce(ctx.db, { userId: claims.sub, downloadId: row.id, linkId: claims.jti });
  return {
    relativePath: row.storagePath,
    filename: versionFilename(ctx.config.productName, row.version),
  };
}
