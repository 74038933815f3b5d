/** Data access for the audit trail: rows are only ever added. */
import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
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

/**
 * A page of audit rows with their actor (null when the actor was a job) and the entity's name,
 * newest first. Served by `audit_log_created_idx`, `audit_log_actor_created_idx` and
 * `audit_log_action_created_idx`; the name joins are by primary key.
 */
export async function listAuditRows(
  db: Executor,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{
  rows: {
    entry: AuditLogRow;
    actor: { id: string; username: string; email: string } | null;
    label: string | null;
  }[];
  total: number;
}> {
  const where = and(
    filter.action ? ilike(auditLog.action, prefixPattern(filter.action)) : undefined,
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
  // By the joined table's primary key (the cast runs only for rows of that entity type).
  const on = (type: string, id: AnyPgColumn) =>
    sql`${id} = case when ${auditLog.entityType} = ${type} then ${auditLog.entityId}::uuid end`;
  const rows = await db
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
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  return { rows, total: totals?.total ?? 0 };
}
