/**
 * `/thank-you/:orderRef`: where a buyer lands after paying (signed-in users; see guards.tsx). The
 * payment page returns here; the plans page comes here while the payment tab is open.
 */
import { useParams } from 'react-router';
import { Container } from '../../components/ui/page';
import { ThankYouView } from '../../features/checkout/components/thank-you-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInUser } from '../../lib/signed-in-user';

/** The thank-you page. */
export default function ThankYouRoute() {
  useDocumentTitle('Thank you');
  const user = useSignedInUser();
  const { orderRef = '' } = useParams();
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <ThankYouView orderRef={orderRef} user={user} />
      </div>
    </Container>
  );
}
