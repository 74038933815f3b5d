/**
 * Admin program versions (issue 4): list with download counts, create from an external URL or
 * an uploaded file, activate or deactivate. Uploads are streamed to DATA_DIR (never held whole in
 * memory) while their size in bytes and SHA-256 are computed by the server.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import semver from 'semver';
import { API_ERRORS, formatFileSize, versionFilename } from '@flockr/contract';
import type { AdminDownload } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { downloads, type DownloadRow, type UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordAudit } from '../audit/service.js';
import { toProgramVersion } from '../downloads/service.js';

/** A version as admins see it. */
export function toAdminDownload(row: DownloadRow): AdminDownload {
  return {
    ...toProgramVersion(row),
    file_size_formatted: formatFileSize(row.fileSize),
    download_url: row.downloadUrl,
    download_count: row.downloadCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /admin/downloads`: every version, newest semantic version first. */
export async function listAdminDownloads(ctx: AppContext): Promise<AdminDownload[]> {
  const rows = await ctx.db.select().from(downloads).orderBy(desc(downloads.createdAt));
  return rows.sort((a, b) => semver.rcompare(a.version, b.version)).map(toAdminDownload);
}

interface NewVersion {
  version: string;
  filename: string;
  releaseDate: string;
  isActive: boolean;
  fileSize: number;
  downloadUrl?: string;
  storagePath?: string;
  sha256?: string;
}

async function insertVersion(
  ctx: AppContext,
  actor: UserRow,
  v: NewVersion,
): Promise<AdminDownload> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(downloads)
        .values({
          version: v.version,
          filename: v.filename,
          releaseDate: v.releaseDate,
          isActive: v.isActive,
          fileSize: v.fileSize,
          downloadUrl: v.downloadUrl ?? null,
          storagePath: v.storagePath ?? null,
          sha256: v.sha256 ?? null,
        })
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'download.create',
        entityType: 'download',
        entityId: row!.id,
        before: null,
        after: row,
      });
      return toAdminDownload(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'downloads_version_key')) throw conflict(API_ERRORS.versionTaken);
    throw error;
  }
}

/** `POST /admin/downloads` with an external `download_url` (spec §7 payload). @throws 409 version taken. */
export async function createDownloadFromUrl(
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
  return insertVersion(ctx, actor, {
    version: input.version,
    filename: input.filename,
    releaseDate: input.release_date,
    isActive: input.is_active,
    fileSize: input.file_size,
    downloadUrl: input.download_url,
  });
}

/** A file name safe to store and to send: letters, digits, dot, dash, underscore. */
export function safeFilename(name: string | undefined, fallback: string): string {
  const base = path
    .basename(name ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '');
  return base.length > 0 ? base.slice(0, 200) : fallback;
}

/**
 * Streams `file` to a temporary file under DATA_DIR/uploads, hashing as it goes.
 * Returns where it is, its size in bytes and hex SHA-256. The caller moves or removes it.
 */
export async function receiveUpload(
  ctx: AppContext,
  file: Readable,
): Promise<{ tempPath: string; size: number; sha256: string }> {
  const dir = path.join(ctx.config.dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(tempPath),
    );
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, size, sha256: hash.digest('hex') };
}

/**
 * Stores an uploaded file (already received to `upload.tempPath`) as `version` under
 * DATA_DIR/artifacts/{version}/ and records it. The temporary file is removed on failure.
 * @throws 409 version taken.
 */
export async function createDownloadFromUpload(
  ctx: AppContext,
  actor: UserRow,
  upload: { tempPath: string; size: number; sha256: string; originalName?: string },
  fields: { version: string; release_date: string; filename?: string; is_active: boolean },
): Promise<AdminDownload> {
  const filename = safeFilename(
    fields.filename ?? upload.originalName,
    versionFilename(ctx.config.productName, fields.version),
  );
  const storagePath = path.join(
    'artifacts',
    fields.version,
    `${randomUUID().slice(0, 8)}-${filename}`,
  );
  const target = path.join(ctx.config.dataDir, storagePath);
  try {
    const [existing] = await ctx.db
      .select({ id: downloads.id })
      .from(downloads)
      .where(eq(downloads.version, fields.version));
    if (existing) throw conflict(API_ERRORS.versionTaken);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(upload.tempPath, target);
    return await insertVersion(ctx, actor, {
      version: fields.version,
      filename,
      releaseDate: fields.release_date,
      isActive: fields.is_active,
      fileSize: upload.size,
      storagePath,
      sha256: upload.sha256,
    });
  } catch (error) {
    await rm(upload.tempPath, { force: true });
    await rm(target, { force: true });
    throw error;
  }
}

/** `PUT /admin/downloads/{id}`: activate or deactivate a version. */
export async function setDownloadActive(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  isActive: boolean,
): Promise<AdminDownload> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(downloads).where(eq(downloads.id, id)).for('update');
    if (!before) throw notFound(API_ERRORS.downloadNotFound);
    const [after] = await tx
      .update(downloads)
      .set({ isActive })
      .where(eq(downloads.id, id))
      .returning();
    if (before.isActive !== isActive) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'download.active',
        entityType: 'download',
        entityId: id,
        before: { is_active: before.isActive },
        after: { is_active: isActive },
      });
    }
    return toAdminDownload(after!);
  });
}
