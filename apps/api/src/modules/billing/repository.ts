/**
 * Data access for billing: orders, the checkout sessions opened for them at a provider, the
 * provider events received, and the record of every order status change. Every function takes a
 * database or an open transaction (`db`) explicitly.
 */
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { OrderSortColumn, OrderStatus, SortDirection } from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import {
  checkoutSessions,
  orderStatusChanges,
  orders,
  paymentEvents,
  plans,
  users,
  userSearchMatches,
  type CheckoutSessionRow,
  type OrderRow,
  type PaymentEventRow,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import {
  afterKey,
  countRows,
  idIn,
  searchPage,
  orderByKey,
  withinDates,
  type ListOrder,
} from '../../db/list-order.js';

// ——— orders ———

/** Inserts an order and returns it. */
export async function insertOrder(
  db: Executor,
  values: typeof orders.$inferInsert,
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/** The order `id` locked FOR UPDATE (call inside a transaction), or undefined. */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  return row;
}

/** Updates order `id` with `values` (and `updated_at` = `now`); returns the new row. */
export async function updateOrder(
  db: Executor,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
  now: Date,
): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: now })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/**
 * Sets the mode (`livemode`) of order `id` while it was never paid (no `completed_at`), as the
 * provider's checkout says; a paid order keeps the mode of the event that paid it.
 */
export async function setUnpaidOrderLivemode(
  db: Executor,
  id: string,
  livemode: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ livemode, updatedAt: now })
    .where(and(eq(orders.id, id), isNull(orders.completedAt)));
}

/** An order with its plan name, buyer and its checkout session at the active provider. */
export interface OrderListing {
  order: OrderRow;
  planName: string;
  username: string;
  email: string;
  checkoutSessionId: string | null;
  paymentUrl: string | null;
}

/** Filters of an order list. `status` is the status as read at `now` (see orderStatusIs). */
export interface OrderFilter {
  userId?: string;
  status?: OrderStatus;
  /** Case-insensitive substring of the order id, the buyer's username or e-mail. */
  search?: string;
  /** Placed on or after this UTC date (`YYYY-MM-DD`). */
  from?: string;
  /** Placed on or before this UTC date. */
  to?: string;
  /** `live`: real orders only; `test`: test orders only (`livemode` false). */
  mode?: 'live' | 'test';
}

/** The sort of the admin order list: a column and direction (default: newest first). */
export interface OrderSort {
  sort?: OrderSortColumn;
  dir?: SortDirection;
}

/**
 * Sort keys of the order columns: buyer and plan by name (case-insensitive), amount in minor
 * units, status by its stored name.
 */
const ORDER_SORT_KEYS: Record<OrderSortColumn, SQL | AnyColumn> = {
  created_at: orders.createdAt,
  username: sql`lower(${users.username})`,
  plan: sql`lower(${plans.name})`,
  amount: orders.amountMinor,
  status: sql`${orders.status}::text`,
};

function orderOrder({ sort = 'created_at', dir = 'desc' }: OrderSort): ListOrder {
  return { key: ORDER_SORT_KEYS[sort], dir };
}

/**
 * SQL for "the order's status at `now` is `status`": a PENDING order whose `expires_at` has
 * passed reads as EXPIRED (contract `effectiveOrderStatus`) before the minute job writes it.
 */
function orderStatusIs(status: OrderStatus, now: Date): SQL {
  if (status === 'PENDING')
    return and(eq(orders.status, 'PENDING'), sql`${orders.expiresAt} > ${now}`)!;
  if (status === 'EXPIRED')
    return or(
      eq(orders.status, 'EXPIRED'),
      and(eq(orders.status, 'PENDING'), lte(orders.expiresAt, now)),
    )!;
  return eq(orders.status, status);
}

function orderWhere(filter: OrderFilter, now: Date): SQL | undefined {
  return and(
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.status ? orderStatusIs(filter.status, now) : undefined,
    filter.search ? orderSearch(filter.search) : undefined,
    withinDates(orders.createdAt, filter.from, filter.to),
    filter.mode ? eq(orders.livemode, filter.mode === 'live') : undefined,
  );
}

/**
 * The orders whose id, or whose buyer's username or e-mail, contains `search`, as rows of
 * (`id`, `key`) with `key` the sort key `key` (a column of orders), written as a union that
 * trigram indexes serve (orders_id_trgm_idx; users_search_trgm_idx, then the buyers' orders by
 * orders_user_created_idx). An OR across the joined tables would read every order instead.
 */
function orderSearchRows(search: string, key: SQL | AnyColumn = orders.id): SQL {
  const pattern = containsPattern(search);
  return sql`select ${orders.id} as id, ${key} as key from ${orders}
      where ${orders.id}::text ilike ${pattern}
    union
    select ${orders.id}, ${key} from ${orders} where ${orders.userId} in (
      select ${users.id} from ${users} where ${userSearchMatches(search)})`;
}

/** "The order id, the buyer's username or e-mail contains `search`" (see orderSearchRows). */
function orderSearch(search: string): SQL {
  return sql`${orders.id} in (select id from (${orderSearchRows(search)}) as found)`;
}

/**
 * `select fields from orders`, joined with what sorting by `column` needs: the buyer for
 * `username`, the plan for `plan`, nothing for a column of orders.
 */
function sortableOrders<F extends SelectedFields>(
  db: Executor,
  column: OrderSortColumn | undefined,
  fields: F,
) {
  const query = db.select(fields).from(orders).$dynamic();
  if (column === 'username') return query.innerJoin(users, eq(users.id, orders.userId));
  if (column === 'plan') return query.innerJoin(plans, eq(plans.id, orders.planId));
  return query;
}

/** Sort columns whose key is a column of orders itself (no join needed to sort by it). */
const OWN_SORT_KEYS: readonly OrderSortColumn[] = ['created_at', 'amount', 'status'];

/** The one join of an order with its plan, buyer and checkout session at `provider`. */
function selectListings(db: Executor, provider: string) {
  return db
    .select({
      order: orders,
      planName: plans.name,
      username: users.username,
      email: users.email,
      checkoutSessionId: checkoutSessions.providerSessionId,
      paymentUrl: checkoutSessions.paymentUrl,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(
      checkoutSessions,
      and(eq(checkoutSessions.orderId, orders.id), eq(checkoutSessions.provider, provider)),
    );
}

/** The order `id` as a listing, or undefined. */
export async function findOrderListing(
  db: Executor,
  id: string,
  provider: string,
): Promise<OrderListing | undefined> {
  const [row] = await selectListings(db, provider).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * A page of orders matching `filter` in `sort` order (default newest first), and the total
 * (exact up to EXACT_COUNT_LIMIT, else estimated: `countRows`). A search is run once: its
 * matches are counted and the page's ids picked in one statement (`searchPage`; a search alone
 * sorted by a column of orders straight from its union of ids), then those orders are read.
 */
export async function listOrderListings(
  db: Executor,
  provider: string,
  filter: OrderFilter,
  page: { offset: number; limit: number },
  now: Date,
  sort: OrderSort = {},
): Promise<{ rows: OrderListing[]; total: number; estimate: boolean }> {
  const where = orderWhere(filter, now);
  const { search, ...others } = filter;
  if (search) {
    const order = orderOrder(sort);
    const column = sort.sort ?? 'created_at';
    const matching =
      OWN_SORT_KEYS.includes(column) && Object.values(others).every((v) => v === undefined)
        ? orderSearchRows(search, order.key)
        : sortableOrders(db, column, { id: orders.id, key: sql`${order.key}`.as('key') })
            .where(where)
            .getSQL();
    const { total, estimate, pageIds } = await searchPage(db, matching, order.dir, page);
    const rows = !pageIds
      ? await orderPageQuery(db, provider, filter, page, now, sort)
      : pageIds.length
        ? await orderPageQuery(
            db,
            provider,
            { ids: pageIds },
            { offset: 0, limit: pageIds.length },
            now,
            sort,
          )
        : [];
    return { rows, total, estimate };
  }
  const [rows, { total, estimate }] = await Promise.all([
    orderPageQuery(db, provider, filter, page, now, sort),
    countRows(db, () => db.select({ id: orders.id }).from(orders).where(where)),
  ]);
  return { rows, total, estimate };
}

/**
 * The statement behind one page of {@link listOrderListings}, unexecuted (its tests EXPLAIN it to
 * check the indexes serve it; awaited, it is one page of orders without counting them, for a
 * caller that knows the total or needs none): the orders matching `filter`, or those of `ids` (a search's
 * matches, found once by `countSearch`). The page's order ids are found first, joining only what
 * the sort needs (the buyer for `username`, the plan for `plan`), and only those ten orders are
 * joined with their buyer, plan and checkout session, so a deep page or a search matching
 * hundreds of orders joins ten rows, not all it passes over.
 */
export function orderPageQuery(
  db: Executor,
  provider: string,
  filter: OrderFilter | { ids: readonly string[] },
  page: { offset: number; limit: number },
  now: Date,
  sort: OrderSort = {},
) {
  const order = orderOrder(sort);
  const pageIds = sortableOrders(db, sort.sort, { id: orders.id })
    .where('ids' in filter ? idIn(orders.id, filter.ids) : orderWhere(filter, now))
    .orderBy(...orderByKey(order, orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return selectListings(db, provider)
    .where(inArray(orders.id, pageIds))
    .orderBy(...orderByKey(order, orders.id));
}

/**
 * Up to `limit` orders matching `filter` in `sort` order, after the order `afterId` (from the
 * start when undefined): one batch of an export.
 */
export async function orderListingBatch(
  db: Executor,
  provider: string,
  filter: OrderFilter,
  sort: OrderSort,
  afterId: string | undefined,
  limit: number,
  now: Date,
): Promise<OrderListing[]> {
  const order = orderOrder(sort);
  const last = sql`select ${order.key}, ${orders.id} from ${orders}
    inner join ${users} on ${users.id} = ${orders.userId}
    inner join ${plans} on ${plans.id} = ${orders.planId}
    where ${orders.id} = ${afterId}`;
  return selectListings(db, provider)
    .where(and(orderWhere(filter, now), afterId ? afterKey(order, orders.id, last) : undefined))
    .orderBy(...orderByKey(order, orders.id))
    .limit(limit);
}

/** Ids of orders still stored as PENDING whose payable time ended by `now`, oldest first. */
export async function findLapsedPendingOrderIds(
  db: Executor,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'PENDING'), lte(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The buyer (name, e-mail, deleted or not) and plan name of an order, for its e-mails. */
export async function findOrderBuyer(
  db: Executor,
  orderId: string,
): Promise<{ username: string; email: string; deleted: boolean; planName: string } | undefined> {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      planName: plans.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(plans, eq(plans.id, orders.planId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** Records one order status change (its cause and who or what made it). */
export async function insertOrderStatusChange(
  db: Executor,
  values: typeof orderStatusChanges.$inferInsert,
): Promise<void> {
  await db.insert(orderStatusChanges).values(values);
}

// ——— checkout sessions ———

/** The checkout session of `orderId` at `provider`, or undefined. */
export async function findCheckoutSessionOfOrder(
  db: Executor,
  orderId: string,
  provider: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.orderId, orderId), eq(checkoutSessions.provider, provider)))
    .limit(1);
  return row;
}

/** The checkout session `sessionId` at `provider` with its order, or undefined. */
export async function findCheckoutSession(
  db: Executor,
  provider: string,
  sessionId: string,
): Promise<{ session: CheckoutSessionRow; order: OrderRow; planName: string } | undefined> {
  const [row] = await db
    .select({ session: checkoutSessions, order: orders, planName: plans.name })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.orderId))
    .innerJoin(plans, eq(plans.id, orders.planId))
    .where(
      and(
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerSessionId, sessionId),
      ),
    )
    .limit(1);
  return row;
}

/** The order a provider's payment id (Stripe: a PaymentIntent) was recorded for, or undefined. */
export async function findOrderIdByPayment(
  db: Executor,
  provider: string,
  paymentId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: checkoutSessions.orderId })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerPaymentId, paymentId),
      ),
    )
    .limit(1);
  return row?.orderId;
}

/**
 * Stores a checkout session unless the order already has one at that provider; returns the
 * stored one either way (two concurrent requests end with the same session).
 */
export async function insertCheckoutSessionOnce(
  db: Executor,
  values: typeof checkoutSessions.$inferInsert,
): Promise<CheckoutSessionRow> {
  const [inserted] = await db
    .insert(checkoutSessions)
    .values(values)
    .onConflictDoNothing({ target: [checkoutSessions.orderId, checkoutSessions.provider] })
    .returning();
  return inserted ?? (await findCheckoutSessionOfOrder(db, values.orderId, values.provider))!;
}

/**
 * Updates the checkout sessions of order `orderId` (only those with status `onlyFrom` when
 * given). Called only from billing/transitions.ts, once per transition.
 */
export async function updateCheckoutSessionsOfOrder(
  db: Executor,
  orderId: string,
  values: Partial<typeof checkoutSessions.$inferInsert>,
  onlyFrom?: CheckoutSessionRow['status'],
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set(values)
    .where(
      and(
        eq(checkoutSessions.orderId, orderId),
        onlyFrom ? eq(checkoutSessions.status, onlyFrom) : undefined,
      ),
    );
}

/**
 * OPEN checkout sessions at `provider` created at or before `before` whose order is still stored
 * as PENDING: what reconciliation asks the provider about.
 */
export async function findStaleOpenCheckouts(
  db: Executor,
  provider: string,
  before: Date,
  limit: number,
): Promise<{ orderId: string; sessionId: string }[]> {
  return db
    .select({ orderId: orders.id, sessionId: checkoutSessions.providerSessionId })
    .from(checkoutSessions)
    .innerJoin(orders, eq(orders.id, checkoutSessions.orderId))
    .where(
      and(
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.status, 'OPEN'),
        eq(orders.status, 'PENDING'),
        lte(checkoutSessions.createdAt, before),
      ),
    )
    .limit(limit);
}

// ——— provider events ———

/**
 * Records a provider event once: returns its new id, or undefined when (provider, event id) was
 * already recorded (a redelivery).
 */
export async function insertPaymentEventOnce(
  db: Executor,
  values: typeof paymentEvents.$inferInsert,
): Promise<string | undefined> {
  const [row] = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return row?.id;
}

/** Stores what event `id` did. */
export async function setPaymentEventOutcome(
  db: Executor,
  id: string,
  outcome: string,
): Promise<void> {
  await db.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, id));
}

/**
 * A page of recorded provider events, newest first (`payment_events_received_idx`, or
 * `payment_events_outcome_idx` with `outcome`), and the total count of the filter: exact up to
 * EXACT_COUNT_LIMIT, else the planner's estimate, flagged `estimate` (`countRows`).
 */
export async function listPaymentEvents(
  db: Executor,
  query: { offset: number; limit: number; outcome?: string },
): Promise<{ rows: PaymentEventRow[]; total: number; estimate: boolean }> {
  const where = query.outcome ? eq(paymentEvents.outcome, query.outcome) : undefined;
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select()
      .from(paymentEvents)
      .where(where)
      .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id))
      .limit(query.limit)
      .offset(query.offset),
    countRows(db, () => db.select({ id: paymentEvents.id }).from(paymentEvents).where(where)),
  ]);
  return { rows, total, estimate };
}

// ——— business health (the dashboard) ———

/** Live PENDING orders still payable at `now` (served by `orders_pending_expires_idx`). */
export async function countOpenOrders(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, 'PENDING'), gt(orders.expiresAt, now), eq(orders.livemode, true)));
  return row?.n ?? 0;
}

// ——— test data (docs/billing.md "Test mode") ———

/**
 * Every test order (`livemode` false), locked FOR UPDATE (inside a transaction): a payment of
 * one waits until the caller commits. Served by the partial index `orders_test_idx`, so the live
 * orders are never read.
 */
export async function lockTestOrders(db: Executor): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.livemode, false)).for('update');
}

/** The ids and buyers of every test order (reads only; `orders_test_idx`). */
export async function findTestOrderIds(db: Executor): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(eq(orders.livemode, false));
}

/**
 * For each of `userIds`, their first live order that was ever paid (`completed_at` set), by
 * completion: the order a license would have been created by. Users without one are absent.
 */
export async function firstLivePaidOrders(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([orders.userId], { userId: orders.userId, id: orders.id })
    .from(orders)
    .where(
      and(
        idIn(orders.userId, userIds),
        eq(orders.livemode, true),
        sql`${orders.completedAt} is not null`,
      ),
    )
    .orderBy(orders.userId, orders.completedAt, orders.id);
  return new Map(rows.map((r) => [r.userId, r.id]));
}

/** Provider events recorded in test mode (`payment_events_test_idx`). */
export async function countTestPaymentEvents(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentEvents)
    .where(eq(paymentEvents.livemode, false));
  return row?.n ?? 0;
}

/**
 * Deletes the orders `ids` (test orders, locked by the caller) with their status changes,
 * checkout sessions and provider events, and every other provider event recorded in test mode
 * that names no order (unmatched test events). Returns how many orders and events went. Rows of
 * live orders are never touched: only events of these orders or of no order are deleted.
 */
export async function deleteTestOrders(
  db: Executor,
  ids: readonly string[],
): Promise<{ orders: number; paymentEvents: number }> {
  let events = 0;
  let deleted = 0;
  if (ids.length > 0) {
    await db.delete(orderStatusChanges).where(idIn(orderStatusChanges.orderId, ids));
    events += (
      await db
        .delete(paymentEvents)
        .where(idIn(paymentEvents.orderId, ids))
        .returning({ id: paymentEvents.id })
    ).length;
    await db.delete(checkoutSessions).where(idIn(checkoutSessions.orderId, ids));
    deleted = (
      await db
        .delete(orders)
        .where(and(idIn(orders.id, ids), eq(orders.livemode, false)))
        .returning({ id: orders.id })
    ).length;
  }
  events += (
    await db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.livemode, false), sql`${paymentEvents.orderId} is null`))
      .returning({ id: paymentEvents.id })
  ).length;
  return { orders: deleted, paymentEvents: events };
}
