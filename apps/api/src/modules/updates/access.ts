/**
 * What a user's subscription gives the update feeds and downloads (docs/updates.md "Access"):
 * every release of the user's channel while the subscription is active; after it ends, on a plan
 * whose `after_expiry_access` is `keep_released`, the releases published before the expiry and
 * nothing newer; nothing on a plan set to `none`, after a refund of the last period, or for an
 * account that is not ACTIVE.
 */
import {
  RELEASE_CHANNELS,
  channelIncludes,
  type ReleaseChannel,
  type UpdateAccess,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { ReleaseRow, UserRow } from '../../db/schema.js';
import { findAccessRow } from './repository.js';

/** Access as the services use it (dates as Date). */
export type Access =
  | { kind: 'all' }
  | { kind: 'until'; until: Date }
  | { kind: 'none'; reason: NonNullable<UpdateAccess['reason']> };

/** The access `user` has at `ctx.now()`. One query (none for an account that is not ACTIVE). */
export async function accessOf(ctx: AppContext, user: UserRow): Promise<Access> {
  if (user.status !== 'ACTIVE' || user.deletedAt) return { kind: 'none', reason: 'account' };
  const row = await findAccessRow(ctx.db, user.id);
  if (!row) return { kind: 'none', reason: 'no_subscription' };
  if (row.expiresAt > ctx.now()) return { kind: 'all' };
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

/** The channel `name` in a feed URL (`latest` is electron-updater's name for stable), or null. */
export function parseChannel(name: string): ReleaseChannel | null {
  if (name === 'latest') return 'stable';
  return (RELEASE_CHANNELS as readonly string[]).includes(name) ? (name as ReleaseChannel) : null;
}

/**
 * The channel a feed serves: the one the updater asked for, but never beyond the user's own
 * choice on /profile (a stable user's app asking for beta gets stable). Pure.
 */
export function effectiveChannel(asked: ReleaseChannel, users: ReleaseChannel): ReleaseChannel {
  return channelIncludes(users, asked) ? asked : users;
}

/** The channels whose releases a user on `channel` is offered (stable ⊂ rc ⊂ beta ⊂ alpha). */
export function channelsUpTo(channel: ReleaseChannel): ReleaseChannel[] {
  return RELEASE_CHANNELS.filter((c) => channelIncludes(channel, c));
}

/**
 * True when `release` is offered to a user on `channel` with `access`: published and active, not
 * yanked or archived, on an included channel, and, after the expiry, published before it. Pure.
 */
export function isOfferedTo(release: ReleaseRow, channel: ReleaseChannel, access: Access): boolean {
  if (access.kind === 'none') return false;
  if (!release.isActive || release.yankedAt || release.archivedAt) return false;
  if (!channelIncludes(channel, release.channel as ReleaseChannel)) return false;
  const published = release.publishedAt ?? release.createdAt;
  return access.kind === 'all' || published < access.until;
}
