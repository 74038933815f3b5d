/**
 * The plans page's first calls as hooks (requirements §7): the plan list, and which plan is being
 * bought. Everything about buying (the quote, the purchase, the order's status) is in purchase.ts,
 * which loads with the checkout, not with the page.
 */
import { queryOptions, useMutationState, useQuery } from '@tanstack/react-query';
import { CLIENT_ERRORS } from '@flockr/contract';
import { call } from '../../../lib/api-client';
import { mutationKeys, queryKeys } from '../../../lib/query-keys';
import type { PurchaseInput } from './purchase';

const d = CLIENT_ERRORS.defaults;

/**
 * The active plans and the yearly discount (`GET /subscriptions/plans`); errors carry the
 * server's text, else 'Failed to fetch plans' (requirements §8).
 */
export function usePlans() {
  return useQuery(plansQueryOptions);
}

/** The query behind {@link usePlans}; the server prefetches it to render /plans (entry-server). */
export const plansQueryOptions = queryOptions({
  queryKey: queryKeys.plans,
  queryFn: ({ signal }) => call('GET /subscriptions/plans', {}, { signal, fallback: d.fetchPlans }),
  staleTime: 5 * 60_000,
});

/**
 * The id of the plan a purchase is being placed for, or undefined: read from the mutation cache,
 * so the plan cards show it without loading the checkout's code.
 */
export function usePurchasingPlanId(): string | undefined {
  const pending = useMutationState({
    filters: { mutationKey: mutationKeys.purchase, status: 'pending' },
    select: (mutation) => (mutation.state.variables as PurchaseInput | undefined)?.plan.id,
  });
  return pending[0];
}
