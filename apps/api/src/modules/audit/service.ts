/**
 * The audit trail (README "Admins"): every admin write records who did what to which entity and
 * the values before and after, in the same transaction as the change. Records are only ever
 * added; no API changes or deletes them.
 */
import { paginate, type AuditResponse } from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import { insertAuditRow, listAuditRows } from './repository.js';

/** What changed: `action` like 'user.status', the entity, and JSON-safe snapshots. */
export interface AuditRecord {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** JSON-safe copy (Dates become ISO strings; callers never include secrets). */
const snapshot = (value: unknown) =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/** Writes one audit record with `tx` (call it inside the transaction of the change). */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await insertAuditRow(tx, {
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
  const { rows, total } = await listAuditRows(
    db,
    {
      action: query.action,
      entityType: query.entity_type,
      actorId: query.actor_id,
      entityId: query.entity_id,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
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
    pagination: paginate(total, query.page, query.limit),
  };
}
