/**
 * The one place an order's status changes (docs/billing.md). `applyTransition` takes an order the
 * caller has locked inside its transaction and a wanted status with its cause, checks the
 * contract's transition table (ORDER_TRANSITIONS), and in that same transaction:
 * - writes the order once (status, completed_at, a reopened payable time, the admin note);
 * - writes the checkout session's status once;
 * - fulfils a paid order (→ COMPLETED): grants the paid period through the subscriptions module
 *   and creates the buyer's license on their first paid order (licenses/issue.ts); or takes back
 *   the unused time (COMPLETED → REFUNDED or CANCELLED);
 * - records the change and its cause in order_status_changes.
 * It never locks again and sends nothing: e-mails go out after the commit (receipts.ts).
 */
import {
  canTransition,
  effectiveOrderStatus,
  type OrderStatus,
  type OrderTransitionCause,
} from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { ensureLicense } from '../licenses/issue.js';
import { grantOrderPeriod, revokeOrderPeriod } from '../subscriptions/service.js';
import {
  insertOrderStatusChange,
  lockOrder,
  updateCheckoutSessionsOfOrder,
  updateOrder,
} from './repository.js';

/** A wanted status change and what caused it. */
export interface TransitionRequest {
  to: OrderStatus;
  cause: OrderTransitionCause;
  /** The admin who asked (cause 'admin'). */
  actorId?: string;
  /** The recorded provider event that caused it (payment, failure, expiry, refund). */
  providerEventId?: string;
  /** The provider's id of the money movement, recorded on the checkout session when paid. */
  providerPaymentId?: string;
  /** An admin note to store on the order (undefined leaves the note as it is). */
  note?: string;
  /**
   * The provider event's own `livemode` (payment causes): when the order becomes COMPLETED it is
   * recorded as paid in that mode, and the time it grants carries it (docs/billing.md "Test
   * mode"). Undefined (an admin, the clock) keeps the order's mode.
   */
  livemode?: boolean;
}

/** What happened: the order changed (with the time granted or taken back), or it did not. */
export type TransitionResult =
  | {
      outcome: 'changed';
      from: OrderStatus;
      order: OrderRow;
      /** When the granted period ends (→ COMPLETED). */
      periodEndsAt?: Date;
      /** Milliseconds of unused time taken back (COMPLETED → REFUNDED or CANCELLED). */
      removedMs: number;
    }
  /** Already in the wanted status (nothing written but an admin note, if given). */
  | { outcome: 'unchanged'; from: OrderStatus; order: OrderRow }
  /** The transition table does not allow it for this cause. */
  | { outcome: 'refused'; from: OrderStatus; order: OrderRow };

/** Settings a transition needs: the clock and how long a reopened order stays payable. */
export interface TransitionSettings {
  now: Date;
  /** ORDER_TTL in milliseconds (FAILED → PENDING makes the order payable this long again). */
  orderTtlMs: number;
}

/**
 * Applies `request` to `locked` (locked FOR UPDATE by the caller in `tx`). The order's current
 * status is its status as read at `now` (a lapsed PENDING order is EXPIRED), except for the
 * expiry itself: an `expiry` to EXPIRED of a lapsed PENDING order writes down what reads already
 * show, as a change from PENDING (docs/billing.md).
 */
export async function applyTransition(
  tx: Executor,
  locked: OrderRow,
  request: TransitionRequest,
  { now, orderTtlMs }: TransitionSettings,
): Promise<TransitionResult> {
  const read = effectiveOrderStatus(locked, now);
  const from = read === request.to && request.cause === 'expiry' ? locked.status : read;
  const noteChanges = request.note !== undefined && request.note !== locked.adminNote;
  if (from === request.to) {
    const order = noteChanges
      ? await updateOrder(tx, locked.id, { adminNote: request.note }, now)
      : locked;
    return { outcome: 'unchanged', from, order };
  }
  if (!canTransition(from, request.to, request.cause)) {
    return { outcome: 'refused', from, order: locked };
  }

  // Paid in the mode of the event that paid it; what it grants carries that mode.
  const livemode =
    request.to === 'COMPLETED' && request.livemode !== undefined
      ? request.livemode
      : locked.livemode;
  let periodEndsAt: Date | undefined;
  let removedMs = 0;
  if (request.to === 'COMPLETED') {
    // Fulfilment: the paid period, and the buyer's license on their first paid order
    // (docs/licenses.md "The license").
    periodEndsAt = await grantOrderPeriod(tx, { ...locked, livemode }, now);
    await ensureLicense(tx, locked, now);
  }
  if (from === 'COMPLETED') removedMs = await revokeOrderPeriod(tx, locked, now);

  const order = await updateOrder(
    tx,
    locked.id,
    {
      status: request.to,
      ...(livemode !== locked.livemode && { livemode }),
      ...(request.to === 'COMPLETED' && { completedAt: now }),
      ...(request.to === 'PENDING' && { expiresAt: new Date(now.getTime() + orderTtlMs) }),
      ...(request.note !== undefined && { adminNote: request.note }),
    },
    now,
  );

  if (request.to === 'COMPLETED') {
    await updateCheckoutSessionsOfOrder(tx, locked.id, {
      status: 'COMPLETED',
      completedAt: now,
      ...(request.providerPaymentId && { providerPaymentId: request.providerPaymentId }),
    });
  } else if (request.to === 'PENDING') {
    await updateCheckoutSessionsOfOrder(tx, locked.id, { status: 'OPEN' });
  } else if (request.to === 'EXPIRED') {
    await updateCheckoutSessionsOfOrder(tx, locked.id, { status: 'EXPIRED' }, 'OPEN');
  } else {
    // FAILED, CANCELLED, REFUNDED: an open checkout can no longer be paid.
    await updateCheckoutSessionsOfOrder(tx, locked.id, { status: 'FAILED' }, 'OPEN');
  }

  await insertOrderStatusChange(tx, {
    orderId: locked.id,
    fromStatus: from,
    toStatus: request.to,
    cause: request.cause,
    actorId: request.actorId ?? null,
    providerEventId: request.providerEventId ?? null,
    note: request.note ?? null,
    createdAt: now,
  });
  return { outcome: 'changed', from, order, periodEndsAt, removedMs };
}

/**
 * Locks order `orderId` and applies `request`, in a transaction of its own.
 * @returns undefined when there is no such order.
 */
export async function transitionOrder(
  db: Executor,
  orderId: string,
  request: TransitionRequest,
  settings: TransitionSettings,
): Promise<TransitionResult | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    return locked ? applyTransition(tx, locked, request, settings) : undefined;
  });
}
