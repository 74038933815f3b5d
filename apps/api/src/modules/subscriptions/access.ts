/**
 * What a subscription gives (requirements §15, docs/updates.md "Access"), written once: the
 * downloads, the update feeds and the license all ask here.
 *
 * - While the subscription has paid time (`hasPaidTime`, status.ts): every release of the
 *   user's channel.
 * - After it ends, on a plan whose `after_expiry_access` is `keep_released`: the releases
 *   published before the expiry, and nothing newer.
 * - Nothing on a plan set to `none`, after a refund of the last period, for an account that is
 *   not ACTIVE, or for a user who never subscribed.
 *
 * A release is offered only when it is published and active, not yanked or archived, on a
 * channel the user's includes (stable ⊂ rc ⊂ beta ⊂ alpha) and covered by the access above:
 * {@link isOfferedTo}, the one implementation of that rule (repositories only narrow the rows to
 * read by channel and `is_active`).
 */
import { channelIncludes, type ReleaseChannel, type UpdateAccess } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ReleaseRow, UserRow } from '../../db/schema.js';
import { findAccessRow } from './repository.js';
import { hasPaidTime } from './status.js';

/** Access as the services use it (dates as Date, UTC). */
export type Access =
  | { kind: 'all' }
  | { kind: 'until'; until: Date }
  | { kind: 'none'; reason: NonNullable<UpdateAccess['reason']> };

/** The access `user` has at `ctx.now()`. One query (none for an account that is not ACTIVE). */
export async function accessOf(ctx: AppContext, user: UserRow): Promise<Access> {
  if (user.status !== 'ACTIVE' || user.deletedAt) return { kind: 'none', reason: 'account' };
  const row = await findAccessRow(ctx.db, user.id);
  if (!row) return { kind: 'none', reason: 'no_subscription' };
  if (hasPaidTime(row, ctx.now())) return { kind: 'all' };
  if (row.lastPeriodRevoked) return { kind: 'none', reason: 'refunded' };
  if (row.afterExpiryAccess !== 'keep_released') return { kind: 'none', reason: 'expired' };
  return { kind: 'until', until: row.expiresAt };
}

/** The wire form of `access` (contract `updateAccessSchema`). Pure. */
export function accessView(access: Access): UpdateAccess {
  return {
    kind: access.kind,
    until: access.kind === 'until' ? access.until.toISOString() : null,
    reason: access.kind === 'none' ? access.reason : null,
  };
}

/**
 * True when `release` is offered to a user on `channel` with `access`: published and active, not
 * yanked or archived, on an included channel, and, after the expiry, published before it. Pure.
 * (Every active release is published: activating one sets `published_at`, and the migration that
 * added the column filled it for the active ones.)
 */
export function isOfferedTo(
  release: Pick<ReleaseRow, 'isActive' | 'publishedAt' | 'yankedAt' | 'archivedAt' | 'channel'>,
  channel: ReleaseChannel,
  access: Access,
): boolean {
  if (access.kind === 'none') return false;
  if (!release.isActive || !release.publishedAt || release.yankedAt || release.archivedAt)
    return false;
  if (!channelIncludes(channel, release.channel as ReleaseChannel)) return false;
  return access.kind === 'all' || release.publishedAt < access.until;
}
