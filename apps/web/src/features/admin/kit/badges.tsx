/**
 * Status badges only the admin panel shows; the colour helps, the text says it. Order and
 * subscription badges are shared: components/ui/status-badges.
 */
import type { ReleaseChannel, UserRole, UserStatus } from '@flockr/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { humanize } from '../../../lib/format';
import { CHANNEL_NAMES } from './release-names';

const userStatusTones: Record<UserStatus, BadgeTone> = {
  ACTIVE: 'success',
  INACTIVE: 'neutral',
  SUSPENDED: 'danger',
};
const roleTones: Record<UserRole, BadgeTone> = {
  USER: 'neutral',
  ADMIN: 'brand',
  SUPER_ADMIN: 'violet',
};

/** Badge of a user status. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={userStatusTones[status]}>{humanize(status)}</Badge>;
}

/** Badge of a user role. */
export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge tone={roleTones[role]}>{humanize(role)}</Badge>;
}

/** Active / Inactive badge of a plan or version. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Published / Draft badge of a changelog entry; Archived when it was archived. */
export function PublishedBadge({
  published,
  archived = false,
}: {
  published: boolean;
  archived?: boolean;
}) {
  if (archived) return <Badge tone="neutral">Archived</Badge>;
  return (
    <Badge tone={published ? 'success' : 'warning'}>{published ? 'Published' : 'Draft'}</Badge>
  );
}

const channelTones: Record<ReleaseChannel, BadgeTone> = {
  stable: 'success',
  rc: 'info',
  beta: 'warning',
  alpha: 'violet',
};

/** Badge of a release channel; with `rollout` below 100, the staged rollout too ("Beta · 50%"). */
export function ChannelBadge({ channel, rollout }: { channel: ReleaseChannel; rollout?: number }) {
  return (
    <Badge tone={channelTones[channel]}>
      {CHANNEL_NAMES[channel]}
      {rollout !== undefined && rollout < 100 ? ` · ${rollout}%` : null}
    </Badge>
  );
}

/**
 * Where a release stands: archived, draft (never published), withdrawn (published, then taken
 * back) or published. Being yanked is shown apart (a yanked release keeps its state).
 */
export type ReleaseState = 'archived' | 'draft' | 'withdrawn' | 'published';

/** The state of `release` (archived wins over the rest). */
export function releaseState(release: {
  archived_at: string | null;
  is_active: boolean;
  published_at: string | null;
}): ReleaseState {
  if (release.archived_at) return 'archived';
  if (release.is_active) return 'published';
  return release.published_at ? 'withdrawn' : 'draft';
}

const releaseStateBadges: Record<ReleaseState, { tone: BadgeTone; label: string }> = {
  archived: { tone: 'neutral', label: 'Archived' },
  draft: { tone: 'warning', label: 'Draft' },
  withdrawn: { tone: 'neutral', label: 'Withdrawn' },
  published: { tone: 'success', label: 'Published' },
};

/** Badge of a release's state. */
export function ReleaseStateBadge({ state }: { state: ReleaseState }) {
  const { tone, label } = releaseStateBadges[state];
  return <Badge tone={tone}>{label}</Badge>;
}
