/**
 * What /plans shows while it continues a plan chosen before signing up or in
 * (api/continue-checkout.ts): "Taking you to the checkout for …" while the order is placed, or the
 * server's refusal. Loaded by the page only when a signed-in visitor arrives with a choice in the
 * URL, so placing orders is not part of the page's first chunk.
 */
import { Loader2 } from 'lucide-react';
import type { Plan } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { useContinueChosenPlan } from '../api/continue-checkout';
import { planChoiceLabel } from '../lib/plan-choice';

/**
 * Continues the choice in the URL for the signed-in visitor once `plans` (the catalogue) is known,
 * and shows its progress or its error above the plan cards.
 */
export function ContinueChosenPlan({ plans }: { plans: Plan[] | undefined }) {
  const chosen = useContinueChosenPlan({ signedIn: true, plans });
  if (chosen.error) {
    return (
      <div className="mx-auto mt-8 max-w-3xl">
        <Alert variant="error">{chosen.error.message}</Alert>
      </div>
    );
  }
  if (!chosen.choice) return null;
  return (
    <div className="mx-auto mt-8 max-w-3xl">
      <Alert
        variant="info"
        title={`Taking you to the checkout for ${planChoiceLabel(chosen.choice)}…`}
      >
        <p className="flex items-center gap-2">
          <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
          Placing your order and opening the payment page.
        </p>
      </Alert>
    </div>
  );
}
