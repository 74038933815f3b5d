/**
 * Releases for admins (spec sections 3, 5 and 7): every version with its download count, adding
 * a version hosted at a URL or uploaded here, and activating or deactivating one. Every change is
 * audited in its transaction.
 */
import { formatFileSize, versionFilename, type AdminDownload } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import {
  findRelease,
  findReleaseByVersion,
  insertRelease,
  setReleaseActive as setActive,
  type ReleaseWithArtifact,
} from './repository.js';
import { releasesBySemver, toProgramVersion } from './service.js';
import { removeFile, safeFilename, storeFile, type ReceivedFile } from './storage.js';

/** A release as admins see it (spec section 3: the "download" record). Pure. */
function toAdminDownload(row: ReleaseWithArtifact): AdminDownload {
  return {
    ...toProgramVersion(row),
    file_size_formatted: formatFileSize(row.artifact.fileSize),
    download_url: row.artifact.downloadUrl,
    download_count: row.release.downloadCount,
    created_at: row.release.createdAt.toISOString(),
  };
}

/** `GET /admin/downloads`: every version, newest semantic version first. */
export async function listAdminReleases(ctx: AppContext): Promise<AdminDownload[]> {
  return (await releasesBySemver(ctx, true)).map(toAdminDownload);
}

interface NewRelease {
  version: string;
  filename: string;
  releaseDate: string;
  isActive: boolean;
  fileSize: number;
  downloadUrl?: string;
  storagePath?: string;
  sha256?: string;
}

/** Records a release with its artifact, audited. @throws 409 VERSION_TAKEN. */
async function addRelease(ctx: AppContext, actor: UserRow, v: NewRelease): Promise<AdminDownload> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await insertRelease(
        tx,
        { version: v.version, releaseDate: v.releaseDate, isActive: v.isActive },
        {
          filename: v.filename,
          fileSize: v.fileSize,
          downloadUrl: v.downloadUrl ?? null,
          storagePath: v.storagePath ?? null,
          sha256: v.sha256 ?? null,
        },
      );
      const view = toAdminDownload(row);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'download.create',
        entityType: 'download',
        entityId: row.release.id,
        before: null,
        after: view,
      });
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'releases_version_key')) throw conflict('versionTaken');
    throw error;
  }
}

/** `POST /admin/downloads` with an external `download_url` (spec §7 payload). */
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
  return addRelease(ctx, actor, {
    version: input.version,
    filename: input.filename,
    releaseDate: input.release_date,
    isActive: input.is_active,
    fileSize: input.file_size,
    downloadUrl: input.download_url,
  });
}

/**
 * `POST /admin/downloads/upload`: stores a received file as `version` and records it. The file is
 * removed again when the release cannot be recorded.
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
    await removeFile(ctx.config.dataDir, upload.tempPath);
    throw conflict('versionTaken');
  }
  const storagePath = await storeFile(ctx.config.dataDir, upload, fields.version, filename);
  try {
    return await addRelease(ctx, actor, {
      version: fields.version,
      filename,
      releaseDate: fields.release_date,
      isActive: fields.is_active,
      fileSize: upload.size,
      storagePath,
      sha256: upload.sha256,
    });
  } catch (error) {
    await removeFile(ctx.config.dataDir, storagePath);
    throw error;
  }
}

/** `PUT /admin/downloads/{id}`: activate or deactivate a version. @throws 404. */
export async function setReleaseActive(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  isActive: boolean,
): Promise<AdminDownload> {
  await ctx.db.transaction(async (tx) => {
    const changed = await setActive(tx, id, isActive);
    if (!changed) throw notFound('downloadNotFound');
    if (changed.before.isActive !== isActive) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'download.active',
        entityType: 'download',
        entityId: id,
        before: { is_active: changed.before.isActive },
        after: { is_active: isActive },
      });
    }
  });
  return toAdminDownload((await findRelease(ctx.db, id))!);
}
