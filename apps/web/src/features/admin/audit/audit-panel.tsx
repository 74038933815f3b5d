/**
 * Audit tab: who changed what and when, told as sentences ("owner suspended bob"), with the
 * changed fields before → after in words; filtered by actor, action, entity type and date range
 * (UTC days), sorted by when, actor, action or entity (newest first by default), 10 per page,
 * and exported as CSV with the same filters and order (the server streams it).
 */
import { History } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_SORT_COLUMNS, type AuditEntry } from '@flockr/contract';
import { formatDateTime, humanize } from '../../../lib/format';
import { AUDIT_ENTITY_TYPES, useAuditLog } from './api/audit';
import { useServerCsv } from '../kit/api/export';
import { AdminList } from '../kit/admin-list';
import { tdClass } from '../kit/admin-table';
import { AuditDiff } from './audit-diff';
import { choiceFilter, searchFilter, serverListFilters, useListParams } from '../kit/list-params';

/**
 * The audit list's filters (URL parameters `actor`, `action`, `entity_type`), its sortable
 * columns (newest first by default) and the date range (`from`, `to`) of when it was recorded.
 */
const filters = serverListFilters(
  'sm:grid-cols-[1fr_12rem_10rem]',
  {
    actor: searchFilter('Actor', 'Username or email'),
    action: choiceFilter('Action', 'All actions', AUDIT_ACTIONS),
    entity_type: choiceFilter('Entity type', 'All types', AUDIT_ENTITY_TYPES),
  },
  AUDIT_SORT_COLUMNS,
  'Recorded',
);

const columns = [
  { label: 'When', sort: 'created_at' },
  { label: 'Actor', sort: 'actor' },
  { label: 'What happened', sort: 'action' },
  { label: 'Entity', sort: 'entity' },
  'Changes',
];

/** One audit row. */
function AuditRow(entry: AuditEntry) {
  return (
    <tr>
      <td className={`${tdClass} align-top whitespace-nowrap`}>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </td>
      <td className={`${tdClass} max-w-[14rem] align-top`}>
        {entry.actor ? (
          <>
            <p className="font-medium break-all text-slate-900">{entry.actor.username}</p>
            <p className="mt-0.5 text-xs break-all text-slate-500">{entry.actor.email}</p>
          </>
        ) : (
          <p className="text-slate-500">System</p>
        )}
      </td>
      <td className={`${tdClass} max-w-[20rem] align-top`}>
        <p className="font-medium text-slate-900">{entry.summary}</p>
        <code className="mt-0.5 block font-mono text-xs text-slate-500">{entry.action}</code>
      </td>
      <td className={`${tdClass} max-w-[12rem] align-top`}>
        <p className="text-slate-900">{humanize(entry.entity_type)}</p>
        <p className="mt-0.5 text-xs break-all text-slate-500">
          {entry.entity_label ?? `#${entry.entity_id.slice(0, 8)}`}
        </p>
      </td>
      <td className={`${tdClass} min-w-[16rem] align-top`}>
        <AuditDiff before={entry.before} after={entry.after} />
      </td>
    </tr>
  );
}

/** The audit tab. */
export function AuditPanel() {
  const params = useListParams(filters);
  const query = useAuditLog(params.filter);
  const exporter = useServerCsv('GET /admin/audit/export', params.filter, 'audit');
  return (
    <AdminList
      title="Audit log"
      query={query}
      params={params}
      items={(data) => data.entries}
      pager={{ label: 'Audit pages', noun: 'entries' }}
      table={{ label: 'Audit log', columns, minWidth: 'min-w-[64rem]', row: AuditRow }}
      loadingLabel="Loading audit log…"
      exporter={exporter}
      empty={{
        icon: History,
        title: 'No changes recorded yet',
        description: 'Changes made by admins are recorded here.',
        noMatchTitle: 'No entries found',
        noMatchDescription: 'No audit entry matches these filters.',
      }}
    />
  );
}
