/**
 * What an admin's order status change would do, before it is made (README "Admins"): the change
 * is run for real by `applyTransition` inside a transaction that is then rolled back, so the
 * preview follows exactly the rules the change will follow (the transition table, the period
 * rule of subscriptions/periods.ts, taking back unused time) and nothing is kept. The e-mails are
 * those `receipts.ts` sends after such a change.
 */
import { API_ERRORS, adminTargets, type OrderStatus, type StatusPreview } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { subscriptionSummaries } from '../subscriptions/service.js';
import { hasPaidTime } from '../subscriptions/status.js';
import { findOrderBuyer, lockOrder } from './repository.js';
import { applyTransition, type TransitionResult } from './transitions.js';
import { durationText, utcDay } from '../../lib/preview-text.js';

/** Thrown to roll the dry run back while carrying its result out. */
class DryRun extends Error {
  constructor(
    readonly result: { transition: TransitionResult; before: Date | null; after: Date | null },
  ) {
    super('dry run');
  }
}

/**
 * `GET /admin/orders/{id}/status/preview?status=`: what moving the order to `status` would do.
 * Changes nothing (the dry run is rolled back). @throws 404 ORDER_NOT_FOUND.
 */
export async function previewOrderStatus(
  ctx: AppContext,
  id: string,
  status: OrderStatus,
): Promise<StatusPreview> {
  const now = ctx.now();
  const buyer = await findOrderBuyer(ctx.db, id);
  if (!buyer) throw notFound('orderNotFound');
  let run: DryRun['result'] | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, id);
      if (!locked) throw notFound('orderNotFound');
      const accessOf = async () =>
        (await subscriptionSummaries(tx, [locked.userId], now)).get(locked.userId)?.expires_at ??
        null;
      const before = await accessOf();
      const transition = await applyTransition(
        tx,
        locked,
        { to: status, cause: 'admin' },
        { now, orderTtlMs: ctx.config.orderTtlMs },
      );
      const after = await accessOf();
      throw new DryRun({
        transition,
        before: before ? new Date(before) : null,
        after: after ? new Date(after) : null,
      });
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
    run = error.result;
  }
  const { transition, before, after } = run!;
  const base = {
    from: transition.from,
    to: status,
    access_until: {
      before: before?.toISOString() ?? null,
      after: after?.toISOString() ?? null,
    },
  };
  if (transition.outcome === 'refused') {
    const allowed = adminTargets(transition.from);
    return {
      ...base,
      allowed: false,
      effects: [
        API_ERRORS.orderTransition.replace('{from}', transition.from).replace('{to}', status),
        allowed.length > 0
          ? `From ${transition.from} an admin may choose: ${allowed.join(', ')}.`
          : `${transition.from} is final: nothing can follow it.`,
      ],
      emails: [],
      time_ms: 0,
    };
  }
  if (transition.outcome === 'unchanged') {
    return {
      ...base,
      allowed: true,
      effects: [`The order stays ${status}; only the admin note changes.`],
      emails: [],
      time_ms: 0,
    };
  }
  const effects: string[] = [];
  const emails: string[] = [];
  // Paid time left after minus paid time left before (time already past counts as none).
  const left = (end: Date | null) => Math.max(0, (end?.getTime() ?? 0) - now.getTime());
  const timeMs = left(after) - left(before);
  const period = transition.order.durationMonths === 12 ? '12 months' : '1 month';
  if (status === 'COMPLETED') {
    effects.push(
      `${buyer.username} gets ${period} of ${buyer.planName}: access until ${utcDay(after)}` +
        (before && hasPaidTime({ expiresAt: before }, now)
          ? ` (now until ${utcDay(before)}).`
          : ' (no paid time now).'),
    );
    if (!buyer.deleted) emails.push(`Receipt to ${buyer.email}`);
  } else if (transition.from === 'COMPLETED') {
    effects.push(
      transition.removedMs > 0
        ? `${durationText(transition.removedMs)} of unused time is taken back from ${buyer.username}: access ends ${utcDay(after)} instead of ${utcDay(before)}.`
        : `No time is taken back: the time this order paid for is already used.`,
    );
    if (status === 'REFUNDED') {
      effects.push('The order is recorded as refunded; repay the buyer at the payment provider.');
      if (!buyer.deleted) emails.push(`Refund notice to ${buyer.email}`);
    }
  } else if (status === 'PENDING') {
    effects.push(
      `The order can be paid again until ${transition.order.expiresAt.toISOString().slice(11, 16)} UTC on ${utcDay(transition.order.expiresAt)}.`,
    );
  } else {
    effects.push(`${buyer.username} can no longer pay this order; no paid time changes.`);
  }
  if (emails.length === 0) effects.push('No e-mail is sent.');
  return { ...base, allowed: true, effects, emails, time_ms: Math.round(timeMs) };
}
