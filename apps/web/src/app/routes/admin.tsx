/**
 * `/admin` (requirements §2 and §6): the admin sections (ADMIN and SUPER_ADMIN; see guards.tsx)
 * in the admin's own shell (admin-layout.tsx), over the full width of the screen. The tab, page,
 * filters and order live in the URL query.
 */
import { AdminView } from '../../features/admin/admin-view';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The admin page (the server enforces the same rule on every admin call). */
export default function AdminRoute() {
  useDocumentTitle('Admin');
  return (
    <div className="w-full px-4 py-5 sm:px-6 lg:px-8 lg:py-6">
      <h1 className="sr-only">Admin Panel</h1>
      <AdminView />
    </div>
  );
}
