/**
 * The audit trail (README "Admins"): every admin write records who did what to which entity and
 * the values before and after, in the same transaction as the change. Records are only ever
 * added; no API changes or deletes them.
 */
import {
  auditSentence,
  paginate,
  type AuditEntry,
  type AuditExportQuery,
  type AuditResponse,
  type AuditSortColumn,
  type SortDirection,
} from '@flockr/contract';
import type { Executor } from '../../db/client.js';
import { csvBatches } from '../../lib/export.js';
import {
  auditBatch,
  insertAuditRow,
  listAuditRows,
  type AuditFilter,
  type AuditListRow,
} from './repository.js';

/**
 * What changed: `action` like 'user.status', the entity, and JSON-safe snapshots. `actorId` is
 * null for the system's own changes (a job, a payment's effect), shown as "The system".
 */
export interface AuditRecord {
  actorId: string | null;
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

/** The filters and sort of the audit list (contract `auditQuerySchema`). */
type AuditListQuery = {
  action?: string;
  entity_type?: string;
  actor_id?: string;
  entity_id?: string;
  actor?: string;
  sort?: AuditSortColumn;
  dir?: SortDirection;
  from?: string;
  to?: string;
};

/** The repository's filter of `query`: UTC days `from`..`to` as the instants [from, to + 1 day). */
function auditFilter(query: AuditListQuery): AuditFilter {
  return {
    action: query.action,
    entityType: query.entity_type,
    actorId: query.actor_id,
    actor: query.actor,
    entityId: query.entity_id,
    from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000) : undefined,
  };
}

/** An audit row as the API shows it, with the entry as a sentence (contract `auditSentence`). */
function auditView({ entry, actor, label }: AuditListRow): AuditEntry {
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
}

/**
 * `GET /admin/audit`: in `sort` order (default newest first), filtered by action prefix,
 * entity, actor (id, or part of the username or e-mail) and UTC days `from`..`to` (inclusive);
 * each entry with the entity's name and the entry as a sentence (contract `auditSentence`).
 */
export async function listAudit(
  db: Executor,
  query: { page: number; limit: number } & AuditListQuery,
): Promise<AuditResponse> {
  const { rows, total, estimate } = await listAuditRows(
    db,
    auditFilter(query),
    { offset: (query.page - 1) * query.limit, limit: query.limit },
    { sort: query.sort, dir: query.dir },
  );
  return {
    entries: rows.map(auditView),
    pagination: paginate(total, query.page, query.limit, estimate),
  };
}

/** Header line of the audit export. Times are ISO 8601 UTC; Before / After are JSON. */
export const AUDIT_CSV_HEADER = [
  'ID',
  'When',
  'Actor',
  'Actor email',
  'Action',
  'Entity type',
  'Entity ID',
  'Entity',
  'What happened',
  'Before',
  'After',
] as const;

/** A snapshot as one JSON cell ('' when there is none). */
const jsonCell = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/**
 * `GET /admin/audit/export`: the audit list as CSV lines (header first), every entry matching
 * the list's filters in its sort order, read in keyset batches so memory stays flat however
 * long the trail is. Cells are formula-safe (contract csv.ts); the system's entries have an
 * empty actor.
 */
export async function* auditCsv(db: Executor, query: AuditExportQuery): AsyncGenerator<string> {
  const filter = auditFilter(query);
  const sort = { sort: query.sort, dir: query.dir };
  yield* csvBatches(
    AUDIT_CSV_HEADER,
    (afterId, limit) => auditBatch(db, filter, sort, afterId, limit),
    (row) => row.entry.id,
    (rows) =>
      rows
        .map(auditView)
        .map((e) => [
          e.id,
          e.created_at,
          e.actor?.username,
          e.actor?.email,
          e.action,
          e.entity_type,
          e.entity_id,
          e.entity_label,
          e.summary,
          jsonCell(e.before),
          jsonCell(e.after),
        ]),
  );
}
