/** The admin Audit tab (requirements §12): what the admin shell (admin-view.tsx) shows. */
export { AuditPanel } from './audit-panel';
