/** Data access for the audit trail: rows are only ever added. */
import { and, eq, gte, ilike, like, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuditSortColumn, SortDirection } from '@flockr/contract';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  auditLog,
  changelogEntries,
  plans,
  releases,
  users,
  type AuditLogRow,
} from '../../db/schema.js';
import { containsPattern, prefixPattern } from '../../lib/like.js';
import { afterKey, countRows, orderByKey, type ListOrder } from '../../db/list-order.js';

/** The user an entry is about (entity type 'user'), joined for their name. */
const target = alias(users, 'audit_target');

/** The entity's name: username, plan name or version; null for orders and unknown ones. */
const entityLabel = sql<
  string | null
>`coalesce(${target.username}, ${plans.name}, ${releases.version}, ${changelogEntries.version})`;

/** Adds one audit row. */
export async function insertAuditRow(
  db: Executor,
  values: typeof auditLog.$inferInsert,
): Promise<void> {
  await db.insert(auditLog).values(values);
}

/**
 * Filters of the audit list: action prefix, entity type, actor (id, or part of the username or
 * e-mail), entity id, and the instants [from, to).
 */
export interface AuditFilter {
  action?: string;
  entityType?: string;
  actorId?: string;
  actor?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

/** The sort of the audit list: a column and direction (default: newest first). */
export interface AuditSort {
  sort?: AuditSortColumn;
  dir?: SortDirection;
}

/**
 * Sort keys of the audit columns: the actor's username case-insensitively (the system's
 * entries, without an actor, as ''), the action, the entity as type then id. Never null, so
 * the keyset comparison of an export's batches holds.
 */
const AUDIT_SORT_KEYS: Record<AuditSortColumn, SQL | AnyColumn> = {
  created_at: auditLog.createdAt,
  actor: sql`coalesce(lower(${users.username}), '')`,
  action: auditLog.action,
  entity: sql`${auditLog.entityType} || ' ' || ${auditLog.entityId}`,
};

function auditOrder({ sort = 'created_at', dir = 'desc' }: AuditSort): ListOrder {
  return { key: AUDIT_SORT_KEYS[sort], dir };
}

/**
 * The SQL condition of `filter` (AND of its parts; undefined when empty). The actor filter reads
 * the joined `users` row, so it needs the list's join.
 */
export function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    // Actions are lower-case codes (contract AUDIT_ACTIONS): a case-sensitive prefix match of the
    // lower-cased filter reads `audit_log_action_pattern_idx`, where ILIKE would read every row.
    filter.action ? like(auditLog.action, prefixPattern(filter.action.toLowerCase())) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.actor
      ? or(
          ilike(users.username, containsPattern(filter.actor)),
          ilike(users.email, containsPattern(filter.actor)),
        )
      : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

/** An audit row with its actor (null when the actor was a job) and the entity's name. */
export interface AuditListRow {
  entry: AuditLogRow;
  actor: { id: string; username: string; email: string } | null;
  label: string | null;
}

/** Audit rows with their actor and entity name, matching `where` (the name joins are by primary key). */
function auditRows(db: Executor, where: SQL | undefined) {
  // By the joined table's primary key (the cast runs only for rows of that entity type).
  const on = (type: string, id: AnyPgColumn) =>
    sql`${id} = case when ${auditLog.entityType} = ${type} then ${auditLog.entityId}::uuid end`;
  return db
    .select({
      entry: auditLog,
      actor: { id: users.id, username: users.username, email: users.email },
      label: entityLabel,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(target, on('user', target.id))
    .leftJoin(plans, on('plan', plans.id))
    .leftJoin(releases, on('download', releases.id))
    .leftJoin(changelogEntries, on('changelog', changelogEntries.id))
    .where(where);
}

/**
 * The statement of one page of audit rows matching `filter` in `sort` order, id breaking ties
 * (exported so a test can EXPLAIN it). The default, newest first, reads the page's ten entries
 * from `audit_log_created_idx` (created_at, id) with no sort.
 */
export function auditPageQuery(
  db: Executor,
  filter: AuditFilter,
  page: { offset: number; limit: number },
  sort: AuditSort = {},
) {
  return auditRows(db, auditWhere(filter))
    .orderBy(...orderByKey(auditOrder(sort), auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of audit rows in `sort` order (default newest first, served by
 * `audit_log_created_idx`, `audit_log_actor_created_idx` and `audit_log_action_pattern_idx`),
 * and the total matching `filter`: exact up to EXACT_COUNT_LIMIT, the planner's estimate beyond,
 * flagged `estimate` (`countRows`, db/list-order.ts), as the other admin lists; the log grows
 * with every admin action and device timeout, so a count of every entry would grow with it.
 */
export async function listAuditRows(
  db: Executor,
  filter: AuditFilter,
  page: { offset: number; limit: number },
  sort: AuditSort = {},
): Promise<{ rows: AuditListRow[]; total: number; estimate: boolean }> {
  const where = auditWhere(filter);
  const rows = await auditPageQuery(db, filter, page, sort);
  const { total, estimate } = await countRows(db, () =>
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  );
  return { rows, total, estimate };
}

/**
 * Up to `limit` audit rows matching `filter` in `sort` order, after the entry `afterId` (from
 * the start when undefined): one batch of an export (keyset, db/list-order.ts).
 */
export async function auditBatch(
  db: Executor,
  filter: AuditFilter,
  sort: AuditSort,
  afterId: string | undefined,
  limit: number,
): Promise<AuditListRow[]> {
  const order = auditOrder(sort);
  const last = sql`select ${order.key}, ${auditLog.id} from ${auditLog} left join ${users} on ${users.id} = ${auditLog.actorId} where ${auditLog.id} = ${afterId}`;
  return auditRows(
    db,
    and(auditWhere(filter), afterId ? afterKey(order, auditLog.id, last) : undefined),
  )
    .orderBy(...orderByKey(order, auditLog.id))
    .limit(limit);
}
