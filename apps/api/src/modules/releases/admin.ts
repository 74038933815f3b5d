/**
 * Releases for admins (requirements §3, §5 and §7): every version with its download count, adding
 * a version hosted at a URL or uploaded here, and activating or deactivating one. Every change is
 * audited in its transaction.
 */
import {
  formatFileSize,
  versionFilename,
  type AdminRelease as AdminDownload,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { scheduleReleaseMail } from './announcements.js';
import {
  findRelease,
  findReleaseByVersion,
  insertRelease,
  updateReleaseRow,
  type ReleaseWithArtifact,
} from './repository.js';
import { releasesBySemver, toProgramVersion } from './service.js';
import { placeOrDiscard, safeFilename, type ReceivedFile } from './storage.js';

/** A release as admins see it (requirements §3: the "download" record). Pure. */
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
  sha1?: string;
  sha512?: string;
}

/**
 * Records a release with its artifact (on the stable channel, a zip for every computer: the
 * spec's one file per version, recorded as Windows x64 for the update feeds, the columns'
 * defaults; docs/downloads.md), audited; an active one is published now
 * (`published_at`) and its release e-mail scheduled in the same transaction (announcements.ts).
 * @throws 409 VERSION_TAKEN.
 */
async function addRelease(ctx: AppContext, actor: UserRow, v: NewRelease): Promise<AdminDownload> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await insertRelease(
        tx,
        {
          version: v.version,
          releaseDate: v.releaseDate,
          isActive: v.isActive,
          publishedAt: v.isActive ? now : null,
        },
        {
          filename: v.filename,
          fileSize: v.fileSize,
          downloadUrl: v.downloadUrl ?? null,
          storagePath: v.storagePath ?? null,
          sha256: v.sha256 ?? null,
          sha1: v.sha1 ?? null,
          sha512: v.sha512 ?? null,
        },
      );
      await scheduleReleaseMail(tx, row.release);
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

/** `POST /admin/downloads` with an external `download_url` (requirements §7 payload). */
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
 * `POST /admin/downloads/upload`: stores a received file as `version` (in `ctx.artifacts`: on
 * disk or in the bucket) and records it. The file is removed again when it cannot be placed or
 * the release cannot be recorded, so a refused upload leaves nothing behind.
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
    return await addRelease(ctx, actor, {
      version: fields.version,
      filename,
      releaseDate: fields.release_date,
      isActive: fields.is_active,
      fileSize: upload.size,
      storagePath,
      sha256: upload.sha256,
      sha1: upload.sha1,
      sha512: upload.sha512,
    });
  } catch (error) {
    await ctx.artifacts.remove(storagePath);
    throw error;
  }
}

/** The audited fields of a release, as the audit trail shows them. */
const auditedFields = (row: {
  version: string;
  isActive: boolean;
  releaseDate: string;
  archivedAt: Date | null;
}) => ({
  version: row.version,
  is_active: row.isActive,
  release_date: row.releaseDate,
  archived_at: row.archivedAt,
});

/**
 * `PUT /admin/downloads/{id}`: activate or deactivate a version, change its release date,
 * archive it (it is deactivated too: subscribers no longer see or download it) or restore it
 * (inactive until activated; activating an archived version restores it). Nothing is deleted.
 * The first activation sets `published_at`; an activation that offers it on stable for the first
 * time schedules its release e-mail (announcements.ts).
 * Audited as download.archive / download.restore / download.active / download.update.
 * @throws 404 DOWNLOAD_NOT_FOUND.
 */
export async function updateRelease(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: { is_active?: boolean; release_date?: string; archived?: boolean },
): Promise<AdminDownload> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const changed = await updateReleaseRow(tx, id, (before) => ({
      ...(input.release_date !== undefined && { releaseDate: input.release_date }),
      ...(input.is_active !== undefined && { isActive: input.is_active }),
      ...(input.is_active === true && { archivedAt: null, publishedAt: before.publishedAt ?? now }),
      ...(input.archived === true && { isActive: false, archivedAt: before.archivedAt ?? now }),
      ...(input.archived === false && { archivedAt: null }),
    }));
    if (!changed) throw notFound('downloadNotFound');
    const { before, after } = changed;
    const action =
      !before.archivedAt && after.archivedAt
        ? 'download.archive'
        : before.archivedAt && !after.archivedAt
          ? 'download.restore'
          : before.releaseDate !== after.releaseDate
            ? 'download.update'
            : before.isActive !== after.isActive
              ? 'download.active'
              : null;
    if (action) {
      await recordAudit(tx, {
        actorId: actor.id,
        action,
        entityType: 'download',
        entityId: id,
        before: auditedFields(before),
        after: auditedFields(after),
      });
    }
    await scheduleReleaseMail(tx, after);
  });
  return toAdminDownload((await findRelease(ctx.db, id))!);
}
