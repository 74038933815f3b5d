/**
 * Release management for admins and release pipelines (docs/updates.md "Publishing from CI"):
 * every release with all its files, creating a release on a channel (a draft, or published at
 * once), publishing, withdrawing, moving to another channel, staged rollout, yanking and
 * restoring, adding files (streamed to the artifact store and hashed on the way), and the minimum
 * supported version of the update feeds. Every change is audited in its transaction; offering a
 * release on stable for the first time schedules its release e-mail (announcements.ts).
 */
import semver from 'semver';
import type {
  AdminArtifact,
  AdminReleaseDetail,
  Arch,
  ArtifactKind,
  Platform,
  ReleaseChannel,
  UpdateReleaseRequest,
  UploadArtifactFields,
} from '@flockr/contract';
import { uploadArtifactFieldsSchema } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ArtifactRow, ReleaseRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ValidationError, conflict, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { notesForVersions } from '../changelog/service.js';
import { scheduleReleaseMail } from './announcements.js';
import {
  artifactNameTaken,
  findReleaseRow,
  insertArtifact,
  insertReleaseRow,
  listAllArtifacts,
  listArtifactsOf,
  listReleaseRows,
  readMinimumVersion,
  updateReleaseRow,
  writeMinimumVersion,
} from './repository.js';
import { placeOrDiscard, safeFilename, type ReceivedFile } from './storage.js';

/** An artifact as admins see it (contract `adminArtifactSchema`). Pure. */
export function toAdminArtifact(a: ArtifactRow): AdminArtifact {
  return {
    id: a.id,
    filename: a.filename,
    platform: a.platform as Platform,
    arch: a.arch as Arch,
    kind: a.kind as ArtifactKind,
    any_platform: a.anyPlatform,
    file_size: a.fileSize,
    sha256: a.sha256,
    sha512: a.sha512,
    has_signature: a.signature !== null,
    has_ed_signature: a.edSignature !== null,
    download_url: a.downloadUrl,
    created_at: a.createdAt.toISOString(),
  };
}

/** A release with its files as admins see it (contract `adminReleaseDetailSchema`). Pure. */
function toReleaseDetail(
  r: ReleaseRow,
  files: ArtifactRow[],
  notesTitle: string | null,
): AdminReleaseDetail {
  return {
    id: r.id,
    version: r.version,
    channel: r.channel as ReleaseChannel,
    release_date: r.releaseDate,
    is_active: r.isActive,
    published_at: r.publishedAt?.toISOString() ?? null,
    rollout_percentage: r.rolloutPercentage,
    yanked_at: r.yankedAt?.toISOString() ?? null,
    yank_reason: r.yankReason,
    minimum_system_version: r.minimumSystemVersion,
    archived_at: r.archivedAt?.toISOString() ?? null,
    download_count: r.downloadCount,
    notes_title: notesTitle,
    artifacts: files.map(toAdminArtifact),
    created_at: r.createdAt.toISOString(),
  };
}

/** The audited fields of a release, as the audit trail shows them. Pure. */
function auditedRelease(r: ReleaseRow) {
  return {
    version: r.version,
    channel: r.channel,
    release_date: r.releaseDate,
    is_active: r.isActive,
    published_at: r.publishedAt,
    rollout_percentage: r.rolloutPercentage,
    yanked_at: r.yankedAt,
    yank_reason: r.yankReason,
    minimum_system_version: r.minimumSystemVersion,
    archived_at: r.archivedAt,
  };
}

/** `release` with its files and release notes title, as admins see it. */
async function detailOf(ctx: AppContext, release: ReleaseRow): Promise<AdminReleaseDetail> {
  const [files, notes] = await Promise.all([
    listArtifactsOf(ctx.db, release.id),
    notesForVersions(ctx, [release.version]),
  ]);
  return toReleaseDetail(release, files, notes.get(release.version)?.title ?? null);
}

/**
 * `GET /admin/releases`: every release (drafts, withdrawn, yanked and archived ones too) with all
 * its files in upload order, newest semantic version first, each with the title of the published
 * changelog entry of the same version (null when none); and the minimum supported version.
 */
export async function listReleaseDetails(
  ctx: AppContext,
): Promise<{ releases: AdminReleaseDetail[]; minimum_version: string | null }> {
  const [rows, files, minimumVersion] = await Promise.all([
    listReleaseRows(ctx.db),
    listAllArtifacts(ctx.db),
    readMinimumVersion(ctx.db),
  ]);
  const byRelease = new Map<string, ArtifactRow[]>();
  for (const file of files) {
    const list = byRelease.get(file.releaseId) ?? [];
    list.push(file);
    byRelease.set(file.releaseId, list);
  }
  const notes = await notesForVersions(
    ctx,
    rows.map((r) => r.version),
  );
  return {
    releases: rows
      .sort((a, b) => semver.rcompare(a.version, b.version))
      .map((r) =>
        toReleaseDetail(r, byRelease.get(r.id) ?? [], notes.get(r.version)?.title ?? null),
      ),
    minimum_version: minimumVersion,
  };
}

/** What `POST /admin/releases` creates (contract `createReleaseRequestSchema`, parsed). */
export interface NewReleaseInput {
  version: string;
  channel: ReleaseChannel;
  release_date: string;
  rollout_percentage: number;
  minimum_system_version: string | null;
  publish: boolean;
}

/**
 * `POST /admin/releases`: records a release without files on `channel`, a draft unless `publish`
 * (then offered at once, `published_at` now). Audited as release.create; a release published on
 * stable schedules its release e-mail in the same transaction.
 * @throws 409 VERSION_TAKEN.
 */
export async function createRelease(
  ctx: AppContext,
  actor: UserRow,
  input: NewReleaseInput,
): Promise<AdminReleaseDetail> {
  const now = ctx.now();
  let release: ReleaseRow;
  try {
    release = await ctx.db.transaction(async (tx) => {
      const row = await insertReleaseRow(tx, {
        version: input.version,
        channel: input.channel,
        releaseDate: input.release_date,
        rolloutPercentage: input.rollout_percentage,
        minimumSystemVersion: input.minimum_system_version,
        isActive: input.publish,
        publishedAt: input.publish ? now : null,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'release.create',
        entityType: 'download',
        entityId: row.id,
        before: null,
        after: auditedRelease(row),
      });
      await scheduleReleaseMail(tx, row);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'releases_version_key')) throw conflict('versionTaken');
    throw error;
  }
  return detailOf(ctx, release);
}

/**
 * The columns `input` changes on release `before` at `now`. Pure.
 * - `is_active: true` publishes: offered, no longer archived, and `published_at` set the first
 *   time only (what "published before the expiry" compares, docs/updates.md); `false` withdraws.
 * - `yanked: true` yanks (`yanked_at` kept from the first yank; the reason replaced when given);
 *   `false` restores and clears the reason; `yank_reason` alone changes a yanked release's reason
 *   and is ignored on one that is not yanked.
 */
export function releaseChanges(
  before: ReleaseRow,
  input: UpdateReleaseRequest,
  now: Date,
): Partial<ReleaseRow> {
  return {
    ...(input.is_active === true && {
      isActive: true,
      archivedAt: null,
      publishedAt: before.publishedAt ?? now,
    }),
    ...(input.is_active === false && { isActive: false }),
    ...(input.channel !== undefined && { channel: input.channel }),
    ...(input.rollout_percentage !== undefined && { rolloutPercentage: input.rollout_percentage }),
    ...(input.minimum_system_version !== undefined && {
      minimumSystemVersion: input.minimum_system_version,
    }),
    ...(input.yanked === true && {
      yankedAt: before.yankedAt ?? now,
      yankReason: input.yank_reason !== undefined ? input.yank_reason : before.yankReason,
    }),
    ...(input.yanked === false && { yankedAt: null, yankReason: null }),
    ...(input.yanked === undefined &&
      input.yank_reason !== undefined &&
      before.yankedAt !== null && { yankReason: input.yank_reason }),
  };
}

/** The audit action of a change from `before` to `after`, or null when nothing changed. Pure. */
function releaseAction(before: ReleaseRow, after: ReleaseRow): string | null {
  if (!before.yankedAt && after.yankedAt) return 'release.yank';
  if (before.yankedAt && !after.yankedAt) return 'release.unyank';
  if (!before.isActive && after.isActive) return 'release.publish';
  if (before.isActive && !after.isActive) return 'release.withdraw';
  return JSON.stringify(auditedRelease(before)) === JSON.stringify(auditedRelease(after))
    ? null
    : 'release.update';
}

/**
 * `PATCH /admin/releases/{id}`: publishes or withdraws the release, moves it to another channel,
 * changes its rollout or minimum macOS version, yanks it (with a reason) or restores it
 * (`releaseChanges`). Audited as release.yank / release.unyank / release.publish /
 * release.withdraw / release.update (the first that applies), before and after, in the change's
 * transaction; nothing is recorded when nothing changed. When the release is now offered on
 * stable for the first time, its release e-mail is scheduled in the same transaction.
 * @throws 404 RELEASE_NOT_FOUND.
 */
export async function updateReleaseDetail(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: UpdateReleaseRequest,
): Promise<AdminReleaseDetail> {
  const now = ctx.now();
  const release = await ctx.db.transaction(async (tx) => {
    const changed = await updateReleaseRow(tx, id, (before) => releaseChanges(before, input, now));
    if (!changed) throw notFound('downloadNotFound');
    const { before, after } = changed;
    const action = releaseAction(before, after);
    if (action) {
      await recordAudit(tx, {
        actorId: actor.id,
        action,
        entityType: 'download',
        entityId: id,
        before: auditedRelease(before),
        after: auditedRelease(after),
      });
    }
    await scheduleReleaseMail(tx, after);
    return after;
  });
  return detailOf(ctx, release);
}

/** A file upload that passed {@link checkArtifactUpload}: what it is, and where it goes. */
export interface CheckedArtifactUpload {
  release: ReleaseRow;
  fields: UploadArtifactFields;
  filename: string;
}

/**
 * Checks the fields of `POST /admin/releases/{id}/artifacts` before its file is received (the
 * form sends them first): they must be valid (contract `uploadArtifactFieldsSchema`), the release
 * must exist, and it must not have a file of that name yet. The name is the `filename` field, else
 * the uploaded file's own name, made safe (storage.ts `safeFilename`).
 * @throws 400 VALIDATION_FAILED; 404 RELEASE_NOT_FOUND; 409 ARTIFACT_NAME_TAKEN.
 */
export async function checkArtifactUpload(
  ctx: AppContext,
  releaseId: string,
  rawFields: Record<string, string>,
  originalName: string | undefined,
): Promise<CheckedArtifactUpload> {
  const parsed = uploadArtifactFieldsSchema.safeParse(rawFields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  const fields = parsed.data;
  const release = await findReleaseRow(ctx.db, releaseId);
  if (!release) throw notFound('downloadNotFound');
  const filename = safeFilename(
    fields.filename ?? originalName,
    `${ctx.config.productName.toLowerCase()}-${release.version}-${fields.platform}-${fields.arch}.${fields.kind}`,
  );
  if (await artifactNameTaken(ctx.db, release.id, filename)) throw conflict('artifactNameTaken');
  return { release, fields, filename };
}

/**
 * `POST /admin/releases/{id}/artifacts`: stores a received file (its size and SHA-1, SHA-256 and
 * SHA-512 computed while it streamed in) under the release's folder of the artifact store
 * (`artifacts/{version}/…`) and records it with its platform, architecture, kind and signatures.
 * Audited as release.file in the insert's transaction. The file is removed again when it cannot
 * be placed or recorded, so a refused upload leaves nothing behind.
 * @throws 409 ARTIFACT_NAME_TAKEN (a file of that name arrived meanwhile).
 */
export async function addArtifact(
  ctx: AppContext,
  actor: UserRow,
  checked: CheckedArtifactUpload,
  upload: ReceivedFile,
): Promise<AdminArtifact> {
  const { release, fields, filename } = checked;
  const storagePath = await placeOrDiscard(ctx.artifacts, upload, release.version, filename);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertArtifact(tx, {
        releaseId: release.id,
        filename,
        storagePath,
        fileSize: upload.size,
        sha1: upload.sha1,
        sha256: upload.sha256,
        sha512: upload.sha512,
        platform: fields.platform,
        arch: fields.arch,
        kind: fields.kind,
        signature: fields.signature ?? null,
        edSignature: fields.ed_signature ?? null,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'release.file',
        entityType: 'download',
        entityId: release.id,
        before: null,
        after: { ...toAdminArtifact(inserted), version: release.version },
      });
      return inserted;
    });
    return toAdminArtifact(row);
  } catch (error) {
    await ctx.artifacts.remove(storagePath).catch(() => {});
    if (isUniqueViolation(error, 'artifacts_release_filename_key'))
      throw conflict('artifactNameTaken');
    throw error;
  }
}

/**
 * `PUT /admin/update-settings`: sets the minimum supported version (null: none); a client below
 * it is offered the newest release it may have whatever the rollout (docs/updates.md "Minimum
 * supported version"). Audited as update_settings.update when it changed.
 */
export async function setMinimumVersion(
  ctx: AppContext,
  actor: UserRow,
  minimumVersion: string | null,
): Promise<{ minimum_version: string | null }> {
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await writeMinimumVersion(tx, minimumVersion, ctx.now());
    if (before !== after) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'update_settings.update',
        entityType: 'update_settings',
        entityId: '1',
        before: { minimum_version: before },
        after: { minimum_version: after },
      });
    }
  });
  return { minimum_version: minimumVersion };
}
