/** `/sandbox/checkout/:sessionId`: the sandbox provider's hosted checkout (no site chrome). */
import { useParams } from 'react-router';
import {
  SANDBOX_BRAND,
  SandboxCheckoutView,
} from '../../features/checkout/components/sandbox-checkout-view';
import { useEffect } from 'react';

/** The checkout page; its title is the provider's, not the product's. */
export default function SandboxCheckoutRoute() {
  const { sessionId = '' } = useParams();
  useEffect(() => {
    document.title = `Checkout · ${SANDBOX_BRAND}`;
  }, []);
  return <SandboxCheckoutView sessionId={sessionId} />;
}
