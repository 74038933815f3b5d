/** Coloured badge of an order status (spec section 4: six statuses). */
import type { OrderStatus } from '@flockr/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { humanize } from '../../../lib/format';

const tones: Record<OrderStatus, BadgeTone> = {
  PENDING: 'warning',
  COMPLETED: 'success',
  FAILED: 'danger',
  EXPIRED: 'neutral',
  CANCELLED: 'info',
  REFUNDED: 'violet',
};

/** A badge whose colour tells the status apart; the text says it too. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{humanize(status)}</Badge>;
}
