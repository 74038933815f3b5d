/** Audit trail call: `GET /admin/audit` (who changed what, newest first). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type AuditResponse } from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Filters of the audit list (empty strings mean "any"); `action` matches as a prefix. */
export interface AuditFilter {
  page: number;
  action: string;
  entity_type: string;
}

/** Default error text of the audit list (ours; the spec's catalogue has none). */
export const FETCH_AUDIT_ERROR = 'Failed to fetch audit log';

/** Entity types the server records (values of `entity_type`). */
export const AUDIT_ENTITY_TYPES = ['user', 'order', 'plan', 'download', 'changelog'] as const;

/** Fetches one page of audit entries. */
export function fetchAudit(filter: AuditFilter, signal?: AbortSignal): Promise<AuditResponse> {
  return api.get<AuditResponse>('/admin/audit', {
    query: {
      page: filter.page,
      limit: ADMIN_PAGE_SIZE,
      action: filter.action.trim(),
      entity_type: filter.entity_type,
    },
    signal,
    fallback: FETCH_AUDIT_ERROR,
  });
}

/** Query options of an audit page. */
export function auditQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: adminKeys.auditPage(filter),
    queryFn: ({ signal }) => fetchAudit(filter, signal),
    placeholderData: keepPreviousData,
  });
}
