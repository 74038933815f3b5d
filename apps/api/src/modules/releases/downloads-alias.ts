/**
 * The spec's version admin (requirements §3, §5 and §7: `/admin/downloads`) as an alias of the
 * release manager (manage.ts; ADR 025): every version with its download count, adding a version
 * hosted at a URL or uploaded here, and activating, deactivating, re-dating, archiving or
 * restoring one. Each call is the release manager's own function under the one publish rule
 * (publishing.ts) and its audit words; only the spec's shapes are here: its payloads in, its
 * "download" record out (contract `adminReleaseSchema`).
 */
import {
  formatFileSize,
  versionFilename,
  type AdminRelease as AdminDownload,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { changeRelease, recordRelease, type FirstFile } from './manage.js';
import { findRelease, findReleaseByVersion, type ReleaseWithArtifact } from './repository.js';
import { releasesBySemver, toProgramVersion } from './service.js';
import { placeOrDiscard, safeFilename, type ReceivedFile } from './storage.js';

/** A release as admins see it in the spec's form (requirements §3: the "download" record). Pure. */
function toAdminDownload(row: ReleaseWithArtifact): AdminDownload {
  return {
    ...toProgramVersion(row),
    file_size_formatted: formatFileSize(row.artifact.fileSize),
    download_url: row.artifact.downloadUrl,
    download_count: row.release.downloadCount,
    created_at: row.release.createdAt.toISOString(),
    archived_at: row.release.archivedAt?.toISOString() ?? null,
  };
}

/**
 * `GET /admin/downloads`: every version that has a file, newest semantic version first, each
 * with its zip (else its first file).
 */
export async function listAdminReleases(ctx: AppContext): Promise<AdminDownload[]> {
  return (await releasesBySemver(ctx, true)).map(toAdminDownload);
}

/**
 * Records a version in the spec's form: a release on stable at full rollout with one file for
 * every computer, published now when `isActive` (manage.ts `recordRelease`, audited as
 * release.create; a published one schedules its release e-mail).
 * @throws 409 VERSION_TAKEN.
 */
async function addVersion(
  ctx: AppContext,
  actor: UserRow,
  v: { version: string; releaseDate: string; isActive: boolean },
  file: FirstFile,
): Promise<AdminDownload> {
  const { release, artifact } = await recordRelease(
    ctx,
    actor,
    {
      version: v.version,
      channel: 'stable',
      release_date: v.releaseDate,
      rollout_percentage: 100,
      minimum_system_version: null,
      publish: v.isActive,
    },
    file,
  );
  return toAdminDownload({ release, artifact: artifact! });
}

/**
 * `POST /admin/downloads` with an external `download_url` (requirements §7 payload; sizes in
 * bytes, the date a calendar day).
 * @throws 409 VERSION_TAKEN.
 */
export async function createReleaseFromUrl(
  ctx: AppContext,
  actor: UserRow,
  input: {
    version: string;
    download_url: string;
    filename: string;
    file_size: number;
    release_date: string;
    is_active: boolean;
  },
): Promise<AdminDownload> {
  return addVersion(
    ctx,
    actor,
    { version: input.version, releaseDate: input.release_date, isActive: input.is_active },
    {
      filename: input.filename,
      fileSize: input.file_size,
      downloadUrl: input.download_url,
      storagePath: null,
      sha256: null,
      sha1: null,
      sha512: null,
    },
  );
}

/**
 * `POST /admin/downloads/upload`: stores a received file as `version` (in `ctx.artifacts`: on
 * disk or in the bucket) under its safe name (else `{product}-v{version}.zip`) and records it.
 * The file is removed again when the version is taken, or when it cannot be placed or recorded,
 * so a refused upload leaves nothing behind.
 * @throws 409 VERSION_TAKEN.
 */
export async function createReleaseFromUpload(
  ctx: AppContext,
  actor: UserRow,
  upload: ReceivedFile & { originalName?: string },
  fields: { version: string; release_date: string; filename?: string; is_active: boolean },
): Promise<AdminDownload> {
  const filename = safeFilename(
    fields.filename ?? upload.originalName,
    versionFilename(ctx.config.productName, fields.version),
  );
  if (await findReleaseByVersion(ctx.db, fields.version)) {
    await ctx.artifacts.remove(upload.tempKey);
    throw conflict('versionTaken');
  }
  const storagePath = await placeOrDiscard(ctx.artifacts, upload, fields.version, filename);
  try {
    return await addVersion(
      ctx,
      actor,
      { version: fields.version, releaseDate: fields.release_date, isActive: fields.is_active },
      {
        filename,
        fileSize: upload.size,
        downloadUrl: null,
        storagePath,
        sha256: upload.sha256,
        sha1: upload.sha1,
        sha512: upload.sha512,
      },
    );
  } catch (error) {
    await ctx.artifacts.remove(storagePath);
    throw error;
  }
}

/**
 * `PUT /admin/downloads/{id}`: activate (publish) or deactivate (withdraw) a version, change its
 * release date, archive it (it is withdrawn too: subscribers no longer see or download it) or
 * restore it (withdrawn until activated; activating an archived version restores it). Nothing is
 * deleted. manage.ts `changeRelease`: the one publish rule, audited as release.archive /
 * release.restore / release.publish / release.withdraw / release.update.
 * @throws 404 RELEASE_NOT_FOUND (also for a release without a file).
 */
export async function updateRelease(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: { is_active?: boolean; release_date?: string; archived?: boolean },
): Promise<AdminDownload> {
  // A release without a file (a draft of the release manager) is no version of this API, as
  // GET /admin/downloads lists only those with one: refused before anything changes.
  if (!(await findRelease(ctx.db, id))) throw notFound('downloadNotFound');
  await changeRelease(ctx, actor, id, input);
  return toAdminDownload((await findRelease(ctx.db, id))!);
}
