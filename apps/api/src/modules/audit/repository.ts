/** Data access for the audit trail: rows are only ever added. */
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, users, type AuditLogRow } from '../../db/schema.js';
import { prefixPattern } from '../../lib/like.js';

/** Adds one audit row. */
export async function insertAuditRow(
  db: Executor,
  values: typeof auditLog.$inferInsert,
): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** Filters of the audit list: action prefix, entity type, actor, entity id. */
export interface AuditFilter {
  action?: string;
  entityType?: string;
  actorId?: string;
  entityId?: string;
}

/** A page of audit rows with their actor (null when the actor was a job), newest first. */
export async function listAuditRows(
  db: Executor,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{
  rows: { entry: AuditLogRow; actor: { id: string; username: string; email: string } | null }[];
  total: number;
}> {
  const where = and(
    filter.action ? ilike(auditLog.action, prefixPattern(filter.action)) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, username: users.username, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  return { rows, total: totals?.total ?? 0 };
}
