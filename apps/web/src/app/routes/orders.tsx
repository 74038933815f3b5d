/** `/orders` (spec section 2): the order history (signed-in users; see guards.tsx). */
import { Container, PageHeader } from '../../components/ui/page';
import { OrdersView } from '../../features/orders/components/orders-view';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The order history page. */
export default function OrdersRoute() {
  useDocumentTitle('Order History');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Order History"
        description="Your orders and their payment status. Pending orders can be paid here until they expire."
      />
      <OrdersView />
    </Container>
  );
}
