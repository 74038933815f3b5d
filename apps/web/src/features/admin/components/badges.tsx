/** Status badges of the admin panel; the colour helps, the text says it. */
import type { OrderStatus, SubscriptionStatus, UserRole, UserStatus } from '@flockr/contract';
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
const orderTones: Record<OrderStatus, BadgeTone> = {
  PENDING: 'warning',
  COMPLETED: 'success',
  FAILED: 'danger',
  EXPIRED: 'neutral',
  CANCELLED: 'info',
  REFUNDED: 'violet',
};
const subscriptionTones: Record<SubscriptionStatus, BadgeTone> = {
  ACTIVE: 'success',
  CANCELLED: 'warning',
  EXPIRED: 'neutral',
};

/** Badge of a user status. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={userStatusTones[status]}>{humanize(status)}</Badge>;
}

/** Badge of a user role. */
export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge tone={roleTones[role]}>{humanize(role)}</Badge>;
}

/** Badge of an order status (the same colours as the user's order history). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={orderTones[status]}>{humanize(status)}</Badge>;
}

/** Badge of a subscription status. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge tone={subscriptionTones[status]}>{humanize(status)}</Badge>;
}

/** Active / Inactive badge of a plan or version. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Published / Draft badge of a changelog entry. */
export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <Badge tone={published ? 'success' : 'warning'}>{published ? 'Published' : 'Draft'}</Badge>
  );
}
