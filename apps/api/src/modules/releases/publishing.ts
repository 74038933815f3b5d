/**
 * The one publish rule of releases (docs/releases.md, ADR 025): what creating or changing a
 * release does to its row, and the audit word of each change. The release manager
 * (`/admin/releases`, manage.ts) and the spec's version admin (`/admin/downloads`,
 * downloads-alias.ts, requirements §7) both go through it. Pure: rows and inputs in, columns and
 * words out.
 */
import type { UpdateReleaseRequest } from '@flockr/contract';
import type { ReleaseRow } from '../../db/schema.js';

/**
 * A change to a release: the release manager's (contract `updateReleaseRequestSchema`) or the
 * spec's (`updateDownloadRequestSchema`: `release_date`, `archived`), or both.
 */
export type ReleaseChange = UpdateReleaseRequest & { release_date?: string; archived?: boolean };

/**
 * The columns that say whether a new release is published at `now`: offered (`is_active`) and
 * `published_at` now when `publish`, else a draft with neither (docs/updates.md "Releases,
 * channels and artifacts"). Pure.
 */
export function publicationOf(
  publish: boolean,
  now: Date,
): Pick<ReleaseRow, 'isActive' | 'publishedAt'> {
  return { isActive: publish, publishedAt: publish ? now : null };
}

/**
 * The columns `change` writes on release `before` at `now`. Pure.
 * - `release_date` sets the date shown to users.
 * - `is_active: true` publishes: offered, no longer archived, and `published_at` set the first
 *   time only (what "published before the expiry" compares, docs/updates.md "Access"); `false`
 *   withdraws.
 * - `archived: true` archives: withdrawn, hidden for good, `archived_at` kept from the first time
 *   (it wins over `is_active: true` in the same change); `false` restores, still withdrawn until
 *   published again (requirements §12: nothing is deleted).
 * - `channel`, `rollout_percentage` and `minimum_system_version` set those.
 * - `yanked: true` yanks (`yanked_at` kept from the first yank; the reason replaced when given);
 *   `false` restores and clears the reason; `yank_reason` alone changes a yanked release's reason
 *   and is ignored on one that is not yanked.
 */
export function releaseChanges(
  before: ReleaseRow,
  change: ReleaseChange,
  now: Date,
): Partial<ReleaseRow> {
  return {
    ...(change.release_date !== undefined && { releaseDate: change.release_date }),
    ...(change.is_active === true && {
      isActive: true,
      archivedAt: null,
      publishedAt: before.publishedAt ?? now,
    }),
    ...(change.is_active === false && { isActive: false }),
    ...(change.archived === true && { isActive: false, archivedAt: before.archivedAt ?? now }),
    ...(change.archived === false && { archivedAt: null }),
    ...(change.channel !== undefined && { channel: change.channel }),
    ...(change.rollout_percentage !== undefined && {
      rolloutPercentage: change.rollout_percentage,
    }),
    ...(change.minimum_system_version !== undefined && {
      minimumSystemVersion: change.minimum_system_version,
    }),
    ...(change.yanked === true && {
      yankedAt: before.yankedAt ?? now,
      yankReason: change.yank_reason !== undefined ? change.yank_reason : before.yankReason,
    }),
    ...(change.yanked === false && { yankedAt: null, yankReason: null }),
    ...(change.yanked === undefined &&
      change.yank_reason !== undefined &&
      before.yankedAt !== null && { yankReason: change.yank_reason }),
  };
}

/**
 * The audit words of releases (`action` of the audit trail; contract `AUDIT_ACTIONS`), whichever
 * call made the change. Entries written before ADR 025 by `/admin/downloads` keep their own
 * words (`download.create`, `download.active`, `download.update`, `download.archive`,
 * `download.restore`; contract `RETIRED_AUDIT_ACTIONS`).
 */
export const RELEASE_AUDIT_ACTIONS = {
  create: 'release.create',
  file: 'release.file',
  yank: 'release.yank',
  unyank: 'release.unyank',
  archive: 'release.archive',
  restore: 'release.restore',
  publish: 'release.publish',
  withdraw: 'release.withdraw',
  update: 'release.update',
} as const;
export type ReleaseAuditAction = (typeof RELEASE_AUDIT_ACTIONS)[keyof typeof RELEASE_AUDIT_ACTIONS];

/** The audited fields of a release, as the audit trail shows them (before and after). Pure. */
export function auditedRelease(r: ReleaseRow) {
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

/**
 * The audit word of a change from `before` to `after`, the first that applies: yank, unyank,
 * archive, restore (from the archive), publish, withdraw, else update when an audited field
 * changed; null when nothing did (nothing is recorded). Pure.
 */
export function releaseAuditAction(
  before: ReleaseRow,
  after: ReleaseRow,
): ReleaseAuditAction | null {
  const words = RELEASE_AUDIT_ACTIONS;
  if (!before.yankedAt && after.yankedAt) return words.yank;
  if (before.yankedAt && !after.yankedAt) return words.unyank;
  if (!before.archivedAt && after.archivedAt) return words.archive;
  if (before.archivedAt && !after.archivedAt) return words.restore;
  if (!before.isActive && after.isActive) return words.publish;
  if (before.isActive && !after.isActive) return words.withdraw;
  return JSON.stringify(auditedRelease(before)) === JSON.stringify(auditedRelease(after))
    ? null
    : words.update;
}
