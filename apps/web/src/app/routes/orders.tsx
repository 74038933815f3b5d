/** `/orders` (spec section 2): order history, or Access Denied when signed out. */
import { CLIENT_ERRORS } from '@flockr/contract';
import { AccessDenied } from '../../components/ui/access-denied';
import { Container, PageHeader } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { OrdersView } from '../../features/orders/components/orders-view';
import { useAuth } from '../../lib/auth';
import { withRedirect } from '../../lib/redirect';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The order history page. */
export default function OrdersRoute() {
  const { user, loading } = useAuth();
  useDocumentTitle('Order History');
  return (
    <Container className="py-10 sm:py-14">
      {loading ? (
        <Spinner />
      ) : !user ? (
        <AccessDenied
          message={CLIENT_ERRORS.accessDenied.orders}
          actionLabel="Go to Login"
          actionTo={withRedirect('/login', '/orders')}
        />
      ) : (
        <>
          <PageHeader
            title="Order History"
            description="Your orders and their payment status. Pending orders can be paid here until they expire."
          />
          <OrdersView />
        </>
      )}
    </Container>
  );
}
