/**
 * Audit tab: who changed what and when, told as sentences ("owner suspended bob"), with the
 * changed fields before → after in words; filtered by actor, action, entity type and date range
 * (UTC days), 10 per page.
 */
import { History } from 'lucide-react';
import { AUDIT_ACTIONS, type AuditEntry } from '@flockr/contract';
import { formatDateTime } from '../../../lib/format';
import { AUDIT_ENTITY_TYPES, useAuditLog } from '../api/audit';
import { AdminList } from './admin-list';
import { tdClass } from './admin-table';
import { AuditDiff } from './audit-diff';
import { DateRangeFields, useDateRangeParams } from './date-range-fields';
import { choiceFilter, defineFilters, searchFilter, useListParams } from './list-params';

/** The audit list's filters (URL parameters `actor`, `action`, `entity_type`). */
const filters = defineFilters('sm:grid-cols-[1fr_12rem_10rem]', {
  actor: searchFilter('Actor', 'Username or email'),
  action: choiceFilter('Action', 'All actions', AUDIT_ACTIONS),
  entity_type: choiceFilter('Entity type', 'All types', AUDIT_ENTITY_TYPES),
});

const columns = ['When', 'What happened', 'Changes'];

/** One audit row. */
function AuditRow(entry: AuditEntry) {
  return (
    <tr>
      <td className={`${tdClass} align-top whitespace-nowrap`}>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </td>
      <td className={`${tdClass} max-w-[24rem] align-top`}>
        <p className="font-medium text-slate-900">{entry.summary}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {entry.actor ? <span className="break-all">{entry.actor.email}</span> : 'System'}
          {' · '}
          <code className="font-mono">{entry.action}</code>
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
  const range = useDateRangeParams();
  const query = useAuditLog({ ...params.filter, ...range.values });
  return (
    <div className="space-y-4">
      <DateRangeFields
        legend="Audit dates"
        from={range.values.from}
        to={range.values.to}
        onChange={range.set}
      />
      <AdminList
        title="Audit log"
        query={query}
        params={params}
        items={(data) => data.entries}
        pager={{ label: 'Audit pages', noun: 'entries' }}
        table={{ label: 'Audit log', columns, minWidth: 'min-w-[48rem]', row: AuditRow }}
        loadingLabel="Loading audit log…"
        empty={{
          icon: History,
          title: 'No changes recorded yet',
          description: 'Changes made by admins are recorded here.',
          noMatchTitle: 'No entries found',
          noMatchDescription: 'No audit entry matches these filters.',
        }}
      />
    </div>
  );
}
