/**
 * Audit tab: who changed what and when (user status and role, order status, plans, versions,
 * changelog), filtered by action prefix and entity type, 10 per page.
 */
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { AuditEntry } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, humanize } from '../../../lib/format';
import { AUDIT_ENTITY_TYPES, auditQueryOptions, type AuditFilter } from '../api/audit';
import { auditChange, compactJson } from './admin-format';
import { AdminTable, tdClass, thClass } from './admin-table';
import { ErrorState } from './list-states';
import { Pager } from './pager';
import { SearchInput } from './search-input';
import { parseChoice, parsePage, useAdminParams } from './use-admin-params';

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
function AuditRow({ entry }: { entry: AuditEntry }) {
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
  const { params, update } = useAdminParams();
  const filter: AuditFilter = {
    page: parsePage(params.get('page')),
    action: params.get('action') ?? '',
    entity_type: parseChoice(params.get('entity_type'), AUDIT_ENTITY_TYPES),
  };
  const query = useQuery(auditQueryOptions(filter));
  const filtered = filter.action !== '' || filter.entity_type !== '';
  const entries = query.data?.entries ?? [];
  const pagination = query.data?.pagination;

  return (
    <section aria-labelledby="admin-audit-heading">
      <Card className="min-w-0">
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 id="admin-audit-heading" className="text-base font-semibold text-slate-900">
            Audit log
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_11rem]">
            <SearchInput
              label="Action starts with"
              placeholder="e.g. user. or order.status"
              value={filter.action}
              onSearch={(action) => update({ action }, { replace: true })}
            />
            <SelectField
              label="Entity type"
              value={filter.entity_type}
              onChange={(event) => update({ entity_type: event.target.value })}
            >
              <option value="">All types</option>
              {AUDIT_ENTITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {humanize(t)}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {query.isPending ? (
          <Spinner label="Loading audit log…" />
        ) : query.isError ? (
          <ErrorState
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={History}
            title={filtered || filter.page > 1 ? 'No entries found' : 'No changes recorded yet'}
            description={
              filtered
                ? 'No audit entry matches these filters.'
                : 'Changes made by admins are recorded here.'
            }
            action={
              filtered || filter.page > 1 ? (
                <Button
                  variant="outline"
                  onClick={() => update({ action: null, entity_type: null })}
                >
                  {filtered ? 'Clear filters' : 'Go to first page'}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <div aria-busy={query.isPlaceholderData || undefined}>
              <AdminTable
                label="Audit log"
                minWidth="min-w-[56rem]"
                head={
                  <>
                    <th scope="col" className={thClass}>
                      When
                    </th>
                    <th scope="col" className={thClass}>
                      Actor
                    </th>
                    <th scope="col" className={thClass}>
                      Action
                    </th>
                    <th scope="col" className={thClass}>
                      Entity
                    </th>
                    <th scope="col" className={thClass}>
                      Before → after
                    </th>
                  </>
                }
              >
                {entries.map((e) => (
                  <AuditRow key={e.id} entry={e} />
                ))}
              </AdminTable>
            </div>
            {pagination ? (
              <Pager
                label="Audit pages"
                page={filter.page}
                totalPages={pagination.total_pages}
                total={pagination.total}
                noun="entries"
                onPage={(page) => update({ page })}
              />
            ) : null}
          </>
        )}
      </Card>
    </section>
  );
}
