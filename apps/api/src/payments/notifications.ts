/** Payment e-mails (issue 6): a receipt for every completed payment, a notice for every refund. */
import { eq } from 'drizzle-orm';
import { formatMoney, toMajorUnits } from '@flockr/contract';
import type { AppContext } from '../context.js';
import { plans, users, type OrderRow } from '../db/schema.js';
import { brandOf, templates } from '../mail/templates.js';

async function buyer(ctx: AppContext, order: OrderRow) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, order.userId));
  const [plan] = await ctx.db.select().from(plans).where(eq(plans.id, order.planId));
  return { user, plan };
}

/** Sends the receipt of a completed order (order id, plan, period, amount, date). Failures are logged. */
export async function sendReceipt(ctx: AppContext, order: OrderRow): Promise<void> {
  try {
    const { user, plan } = await buyer(ctx, order);
    if (!user || user.deletedAt) return;
    const amount = formatMoney(toMajorUnits(order.amountMinor, order.currency), order.currency);
    await ctx.mailer.send({
      to: user.email,
      kind: 'transactional',
      ...templates.receipt(brandOf(ctx.config), user.username, {
        orderId: order.id,
        planName: plan?.name ?? '',
        period: order.durationMonths === 12 ? '12 months' : '1 month',
        amount,
        date: (order.completedAt ?? ctx.now()).toISOString().slice(0, 10),
      }),
    });
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, 'receipt e-mail failed');
  }
}

/** Tells the buyer an order was refunded. Failures are logged. */
export async function sendRefundNotice(ctx: AppContext, order: OrderRow): Promise<void> {
  try {
    const { user, plan } = await buyer(ctx, order);
    if (!user || user.deletedAt) return;
    const amount = formatMoney(toMajorUnits(order.amountMinor, order.currency), order.currency);
    await ctx.mailer.send({
      to: user.email,
      kind: 'transactional',
      ...templates.refund(brandOf(ctx.config), user.username, {
        orderId: order.id,
        planName: plan?.name ?? '',
        amount,
      }),
    });
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, 'refund e-mail failed');
  }
}
