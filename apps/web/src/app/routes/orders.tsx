/**
 * `/orders` (requirements §2): the order history (signed-in users; see guards.tsx), under the
 * subscription's one renewal sentence (contract `renewalSentence`) when there is one.
 */
import { renewalSentence } from '@flockr/contract';
import { Container, PageHeader } from '../../components/ui/page';
import { OrdersView } from '../../features/orders/components/orders-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInUser } from '../../lib/signed-in-user';

/** The order history page. */
export default function OrdersRoute() {
  useDocumentTitle('Order History');
  const { subscription } = useSignedInUser();
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Order History"
        description={
          <>
            Your orders and their payment status. Pending orders can be paid here until they expire.
            {subscription ? (
              <span className="mt-2 block font-medium text-slate-800">
                {subscription.plan_name}: {renewalSentence(subscription)}
              </span>
            ) : null}
          </>
        }
      />
      <OrdersView />
    </Container>
  );
}
