/**
 * The audit trail (README "Admins"): every admin write records who did what to which entity and
 * the values before and after, in the same transaction as the change. Records are only ever
 * added; no API changes or deletes them.
 */
import { auditSentence, paginate, type AuditResponse } from '@flockr/contract';
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

/**
 * `GET /admin/audit`: newest first, filtered by action prefix, entity, actor (id, or part of the
 * username or e-mail) and UTC days `from`..`to` (inclusive); each entry with the entity's name
 * and the entry as a sentence (contract `auditSentence`).
 */
export async function listAudit(
  db: Executor,
  query: {
    page: number;
    limit: number;
    action?: string;
    entity_type?: string;
    actor_id?: string;
    entity_id?: string;
    actor?: string;
    from?: string;
    to?: string;
  },
): Promise<AuditResponse> {
  const { rows, total } = await listAuditRows(
    db,
    {
      action: query.action,
      entityType: query.entity_type,
      actorId: query.actor_id,
      actor: query.actor,
      entityId: query.entity_id,
      from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
      to: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000) : undefined,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return {
    entries: rows.map(({ entry, actor, label }) => {
      const item = {
        id: entry.id,
        actor: actor?.id ? { id: actor.id, username: actor.username, email: actor.email } : null,
        action: entry.action,
        entity_type: entry.entityType,
        entity_id: entry.entityId,
        entity_label: label ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
        created_at: entry.createdAt.toISOString(),
      };
      return { ...item, summary: auditSentence(item) };
    }),
    pagination: paginate(total, query.page, query.limit),
  };
}
