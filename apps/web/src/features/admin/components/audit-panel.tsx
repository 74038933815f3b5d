/**
 * Audit tab: who changed what and when (user status and role, order status, plans, versions,
 * changelog), filtered by action prefix and entity type, 10 per page.
 */
import { History } from 'lucide-react';
import type { AuditEntry } from '@flockr/contract';
import { formatDateTime, humanize } from '../../../lib/format';
import { AUDIT_ENTITY_TYPES, useAuditLog } from '../api/audit';
import { auditChange, compactJson } from './admin-format';
import { AdminList } from './admin-list';
import { tdClass } from './admin-table';
import { choiceFilter, defineFilters, searchFilter, useListParams } from './list-params';

/** The audit list's filters (URL parameters `action`, `entity_type`). */
const filters = defineFilters('sm:grid-cols-[1fr_11rem]', {
  action: searchFilter('Action starts with', 'e.g. user. or order.status'),
  entity_type: choiceFilter('Entity type', 'All types', AUDIT_ENTITY_TYPES),
});

const columns = ['When', 'Actor', 'Action', 'Entity', 'Before → after'];

/** Longest change text shown inline; longer ones fold into a disclosure. */
const INLINE_CHANGE_CHARS = 120;

/** Before → after as compact JSON. */
function Change({ entry }: { entry: AuditEntry }) {
  const change = auditChange(entry.before, entry.after);
  const text = `${compactJson(change.before)} → ${compactJson(change.after)}`;
  if (text.length <= INLINE_CHANGE_CHARS) {
    return <code className="font-mono text-xs break-all text-slate-800">{text}</code>;
  }
  return (
    <details>
      <summary className="cursor-pointer font-mono text-xs break-all text-slate-800">
        {text.slice(0, INLINE_CHANGE_CHARS)}…
      </summary>
      <code className="mt-1 block font-mono text-xs break-all text-slate-800">{text}</code>
    </details>
  );
}

/** One audit row. */
function AuditRow(entry: AuditEntry) {
  return (
    <tr>
      <td className={`${tdClass} whitespace-nowrap`}>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </td>
      <td className={`${tdClass} max-w-[12rem]`}>
        {entry.actor ? (
          <>
            <p className="truncate font-medium text-slate-900">{entry.actor.username}</p>
            <p className="truncate text-xs text-slate-500" title={entry.actor.email}>
              {entry.actor.email}
            </p>
          </>
        ) : (
          <span className="text-slate-500">System</span>
        )}
      </td>
      <td className={`${tdClass} font-mono text-xs whitespace-nowrap text-slate-900`}>
        {entry.action}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <p className="font-medium text-slate-900">{humanize(entry.entity_type)}</p>
        <p className="font-mono text-xs text-slate-500" title={entry.entity_id}>
          {entry.entity_id.slice(-8)}
        </p>
      </td>
      <td className={`${tdClass} min-w-[16rem]`}>
        <Change entry={entry} />
      </td>
    </tr>
  );
}

/** The audit tab. */
export function AuditPanel() {
  const params = useListParams(filters);
  const query = useAuditLog(params.filter);
  return (
    <AdminList
      title="Audit log"
      query={query}
      params={params}
      items={(data) => data.entries}
      pager={{ label: 'Audit pages', noun: 'entries' }}
      table={{ label: 'Audit log', columns, minWidth: 'min-w-[56rem]', row: AuditRow }}
      loadingLabel="Loading audit log…"
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
