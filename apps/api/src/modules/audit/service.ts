/**
 * The audit trail (issue 4): every admin write records who did what to which entity and the
 * values before and after, in the same transaction as the change. Records are only ever added.
 */
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { paginate } from '@flockr/contract';
import type { AuditResponse } from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { prefixPattern } from '../../lib/like.js';

/** What changed: `action` like 'user.status', the entity, and JSON-safe snapshots. */
export interface AuditRecord {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** JSON-safe copy (Dates become ISO strings, secrets never included by callers). */
const snapshot = (value: unknown) =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

/** Writes one audit record with `tx` (call it inside the transaction of the change). */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    before: snapshot(record.before),
    after: snapshot(record.after),
  });
}

/** `GET /admin/audit`: newest first, filtered by action prefix, entity, actor. */
export async function listAudit(
  db: Executor,
  query: {
    page: number;
    limit: number;
    action?: string;
    entity_type?: string;
    actor_id?: string;
    entity_id?: string;
  },
): Promise<AuditResponse> {
  const where = and(
    query.action ? ilike(auditLog.action, prefixPattern(query.action)) : undefined,
    query.entity_type ? eq(auditLog.entityType, query.entity_type) : undefined,
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
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
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  return {
    entries: rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor?.id ? { id: actor.id, username: actor.username, email: actor.email } : null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
    pagination: paginate(totals?.total ?? 0, query.page, query.limit),
  };
}
