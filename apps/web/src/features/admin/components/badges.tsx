/**
 * Status badges only the admin panel shows; the colour helps, the text says it. Order and
 * subscription badges are shared: components/ui/status-badges.
 */
import type { UserRole, UserStatus } from '@flockr/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { humanize } from '../../../lib/format';

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
