/**
 * `/admin` (spec sections 2 and 6): the admin tabs (ADMIN and SUPER_ADMIN; see guards.tsx). The
 * tab, page and filters live in the URL query.
 */
import { Container, PageHeader } from '../../components/ui/page';
import { AdminView } from '../../features/admin/components/admin-view';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The admin page (the server enforces the same rule on every admin call). */
export default function AdminRoute() {
  useDocumentTitle('Admin');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Admin Panel"
        description="Manage users, orders, plans, program versions and release notes, and see who changed what."
      />
      <AdminView />
    </Container>
  );
}
