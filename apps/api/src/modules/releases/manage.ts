/**
 * Release management for admins and release pipelines (docs/updates.md "Publishing from CI"):
 * every release with all its files, creating a release on a channel (a draft, or published at
 * once), publishing, withdrawing, archiving, moving to another channel, staged rollout, yanking
 * and restoring, adding files (streamed to the artifact store and hashed on the way), and the
 * minimum supported version of the update feeds. The one implementation behind `/admin/releases`
 * and the spec's `/admin/downloads` (downloads-alias.ts; ADR 025), under the one publish rule of
 * publishing.ts. Every change is audited in its transaction; offering a release on stable for the
 * first time schedules its release e-mail (announcements.ts).
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
  RELEASE_AUDIT_ACTIONS,
  auditedRelease,
  publicationOf,
  releaseAuditAction,
  releaseChanges,
  type ReleaseChange,
} from './publishing.js';
import {
  artifactNameTaken,
  findReleaseRow,
  insertArtifact,
  insertRelease,
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
 * The one file a release is created with in the spec's form (`POST /admin/downloads`,
 * downloads-alias.ts): for every computer, recorded as a Windows x64 zip for the update feeds
 * (the columns' defaults; docs/downloads.md), hosted at `downloadUrl` or stored at
 * `storagePath`, with its size in bytes and the digests known.
 */
export interface FirstFile {
  filename: string;
  fileSize: number;
  downloadUrl: string | null;
  storagePath: string | null;
  sha256: string | null;
  sha1: string | null;
  sha512: string | null;
}

/**
 * Records a release on `input.channel`, published now when `input.publish`, else a draft
 * (publishing.ts `publicationOf`), with `file` when given (the spec's one-file form), else
 * without files. Audited as release.create (the release, and its file when given); a release
 * published on stable schedules its release e-mail in the same transaction. Returns the rows.
 * @throws 409 VERSION_TAKEN.
 */
export async function recordRelease(
  ctx: AppContext,
  actor: UserRow,
  input: NewReleaseInput,
  file?: FirstFile,
): Promise<{ release: ReleaseRow; artifact: ArtifactRow | null }> {
  const values = {
    version: input.version,
    channel: input.channel,
    releaseDate: input.release_date,
    rolloutPercentage: input.rollout_percentage,
    minimumSystemVersion: input.minimum_system_version,
    ...publicationOf(input.publish, ctx.now()),
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const row: { release: ReleaseRow; artifact: ArtifactRow | null } = file
        ? await insertRelease(tx, values, file)
        : { release: await insertReleaseRow(tx, values), artifact: null };
      await recordAudit(tx, {
        actorId: actor.id,
        action: RELEASE_AUDIT_ACTIONS.create,
        entityType: 'download',
        entityId: row.release.id,
        before: null,
        after: {
          ...auditedRelease(row.release),
          ...(row.artifact && { artifacts: [toAdminArtifact(row.artifact)] }),
        },
      });
      await scheduleReleaseMail(tx, row.release);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'releases_version_key')) throw conflict('versionTaken');
    throw error;
  }
}

/**
 * `POST /admin/releases`: records a release without files on `channel`, a draft unless `publish`
 * (then offered at once, `published_at` now): {@link recordRelease}, as admins see it.
 * @throws 409 VERSION_TAKEN.
 */
export async function createRelease(
  ctx: AppContext,
  actor: UserRow,
  input: NewReleaseInput,
): Promise<AdminReleaseDetail> {
  const { release } = await recordRelease(ctx, actor, input);
  return detailOf(ctx, release);
}

/**
 * Changes release `id` by the one publish rule (publishing.ts `releaseChanges`): publish,
 * withdraw, archive, restore, release date, channel, rollout, minimum macOS version, yank or
 * restore from a yank. Audited with the word of publishing.ts `releaseAuditAction`, before and
 * after, in the change's transaction; nothing is recorded when nothing changed. When the release
 * is now offered on stable for the first time, its release e-mail is scheduled in the same
 * transaction. Returns the release after the change.
 * @throws 404 RELEASE_NOT_FOUND.
 */
export async function changeRelease(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  change: ReleaseChange,
): Promise<ReleaseRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const changed = await updateReleaseRow(tx, id, (before) => releaseChanges(before, change, now));
    if (!changed) throw notFound('downloadNotFound');
    const { before, after } = changed;
    const action = releaseAuditAction(before, after);
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
}

/**
 * `PATCH /admin/releases/{id}`: publishes or withdraws the release, moves it to another channel,
 * changes its rollout or minimum macOS version, yanks it (with a reason) or restores it
 * ({@link changeRelease}), as admins see it after.
 * @throws 404 RELEASE_NOT_FOUND.
 */
export async function updateReleaseDetail(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: UpdateReleaseRequest,
): Promise<AdminReleaseDetail> {
  return detailOf(ctx, await changeRelease(ctx, actor, id, input));
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
        action: RELEASE_AUDIT_ACTIONS.file,
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
