/**
 * Continuing a purchase chosen before signing up or in (requirements §2: /plans sends a signed-out
 * visitor to /register with a redirect back; the redirect carries the choice, see
 * features/plans/lib/plan-choice.ts). Back on /plans with an account, the order for the chosen
 * plan and period is placed at once and this tab goes on to its payment page: no click is at hand
 * to open a new tab without a popup blocker stopping it, and the payment page returns to the app.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@flockr/contract';
import type { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { isFreePlan } from '../lib/free-plan';
import { leaveFor } from '../lib/leave-for';
import { PLAN_CHOICE_PARAMS, readPlanChoice, type PlanChoice } from '../lib/plan-choice';
import { placeOrder, type PlacedOrder } from './place-order';

/** What {@link useContinueChosenPlan} reports. */
export interface ContinueChosenPlan {
  /** The choice being continued (kept after it left the URL), or null. */
  choice: PlanChoice | null;
  /** True while the order is placed and the payment page loads. */
  pending: boolean;
  /** The server's text when the order could not be placed (the page stays usable). */
  error: ApiError | null;
}

/**
 * Reads a choice from /plans' query (`plan`, `period`) and, once `signedIn` and the active
 * `plans` are known, continues it once: the choice leaves the URL (Back from the payment page
 * must not place a second order; the period stays), then a paid, active plan of that name is
 * ordered (`placeOrder`) and the tab goes to its payment page. An unknown or free plan is dropped
 * without a call. Does nothing for a visitor who is signed out (the page's Choose button sends
 * them to sign up with the choice).
 */
export function useContinueChosenPlan({
  signedIn,
  plans,
}: {
  signedIn: boolean;
  plans: Plan[] | undefined;
}): ContinueChosenPlan {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [continued, setContinued] = useState<PlanChoice | null>(null);
  const started = useRef(false);
  const order = useMutation<PlacedOrder, ApiError, { plan: Plan; durationMonths: 1 | 12 }>({
    mutationFn: placeOrder,
    onSuccess: ({ payment }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      leaveFor(payment.payment_url);
    },
  });
  const { mutate } = order;

  useEffect(() => {
    const inUrl = readPlanChoice(params);
    if (!signedIn || !inUrl || !plans || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PLAN_CHOICE_PARAMS.plan);
        next.set(PLAN_CHOICE_PARAMS.period, inUrl.period);
        return next;
      },
      { replace: true },
    );
    const plan = plans.find((p) => p.name === inUrl.planName && p.is_active && !isFreePlan(p));
    if (!plan) return;
    setContinued(inUrl);
    mutate({ plan, durationMonths: inUrl.period === 'yearly' ? 12 : 1 });
  }, [signedIn, params, plans, setParams, mutate]);

  return {
    choice: continued,
    pending: order.isPending || order.isSuccess,
    error: order.error,
  };
}
