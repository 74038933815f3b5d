/** Audit trail hook: `GET /admin/audit` (who changed what, newest first or in the chosen order). */

import { ADMIN_ERRORS } from '../../kit/api/errors';
import { useAdminPage, type PageFilter } from '../../kit/api/hooks';

/**
 * Page, actor (part of a username or e-mail), action (prefix), entity type, sort and the UTC days
 * `from`..`to` of the audit list ('' = any).
 */
export type AuditFilter = PageFilter<'GET /admin/audit'>;

/** Entity types the server records (values of `entity_type`). */
export const AUDIT_ENTITY_TYPES = ['user', 'order', 'plan', 'download', 'changelog'] as const;

/** One page of audit entries, newest first, each with its sentence; `action` matches as a prefix. */
export function useAuditLog(filter: AuditFilter) {
  return useAdminPage('GET /admin/audit', 'audit', filter, ADMIN_ERRORS.fetchAudit);
}
