/**
 * Badges of the statuses users and admins both see: orders (requirements §4: six statuses, and
 * whether an order is a test order), subscriptions and licenses. The colour helps; the text says
 * the status.
 */
import {
  TEST_MODE_LABEL,
  type LicenseStatus,
  type OrderStatus,
  type SubscriptionStatus,
} from '@flockr/contract';
import { humanize } from '../../lib/format';
import { Badge, type BadgeTone } from './badge';

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

/** Badge of an order status. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={orderTones[status]}>{humanize(status)}</Badge>;
}

/**
 * "Test" next to a test order's status (`livemode` false: paid in test mode, no money moved;
 * docs/billing.md "Test mode"); nothing for a live order.
 */
export function TestOrderBadge({ livemode }: { livemode: boolean }) {
  if (livemode) return null;
  return (
    <Badge tone="test" className="ml-1.5">
      <span title={`${TEST_MODE_LABEL}: no real money was charged`}>Test</span>
    </Badge>
  );
}

/** Badge of a subscription status. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge tone={subscriptionTones[status]}>{humanize(status)}</Badge>;
}

const licenseTones: Record<LicenseStatus, BadgeTone> = {
  active: 'success',
  expired: 'neutral',
  refunded: 'violet',
  suspended: 'danger',
};

/** Badge of a license status ('Active', 'Expired', 'Refunded', 'Suspended'). */
export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  return <Badge tone={licenseTones[status]}>{humanize(status)}</Badge>;
}
