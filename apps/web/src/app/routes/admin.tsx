/**
 * `/admin` (spec sections 2 and 6): admin tabs for ADMIN/SUPER_ADMIN; Access Denied with Go to
 * Home for everyone else, signed out included. The tab, page and filters live in the URL query.
 */
import { CLIENT_ERRORS, isAdminRole } from '@flockr/contract';
import { AccessDenied } from '../../components/ui/access-denied';
import { Container, PageHeader } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { AdminView } from '../../features/admin/components/admin-view';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The admin page (the server enforces the same rule on every admin call). */
export default function AdminRoute() {
  const { user, loading } = useAuth();
  useDocumentTitle('Admin');
  return (
    <Container className="py-10 sm:py-14">
      {loading ? (
        <Spinner />
      ) : !isAdminRole(user?.role) ? (
        <AccessDenied
          message={CLIENT_ERRORS.accessDenied.admin}
          actionLabel="Go to Home"
          actionTo="/"
        />
      ) : (
        <>
          <PageHeader
            title="Admin Panel"
            description="Manage users, orders, plans, program versions and release notes, and see who changed what."
          />
          <AdminView />
        </>
      )}
    </Container>
  );
}
