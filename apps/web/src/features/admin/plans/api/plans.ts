/** Admin plan hooks (requirements §7, `/admin/plans`): list, create, update. */
import type { z } from 'zod';
import { CLIENT_ERRORS, type planInputSchema } from '@flockr/contract';
import { call } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery } from '../../kit/api/hooks';

/** A complete plan payload (requirements §5: every field required). */
export type PlanPayload = z.input<typeof planInputSchema>;

/** Every plan, inactive ones included, with subscribers and revenue (`GET /admin/plans`). */
export function useAdminPlans() {
  return useAdminQuery('GET /admin/plans', {
    key: adminKeys.plans,
    fallback: CLIENT_ERRORS.defaults.fetchPlans,
  });
}

/**
 * Saves the plan form: creates a plan when `planId` is null (`POST /admin/plans`), else updates
 * that plan (`PUT /admin/plans/{id}`; orders keep their price). Variables: the payload. A name
 * already in use comes back as 409 PLAN_NAME_TAKEN. Refreshes the public plans page too.
 */
export function useSavePlan(planId: string | null) {
  return useAdminChange({
    mutationFn: (body: PlanPayload) =>
      planId
        ? call(
            'PUT /admin/plans/:id',
            { params: { id: planId }, body },
            { fallback: CLIENT_ERRORS.defaults.updatePlan },
          )
        : call('POST /admin/plans', { body }, { fallback: CLIENT_ERRORS.defaults.createPlan }),
    success: ({ plan }) => (planId ? `Plan ${plan.name} saved` : `Plan ${plan.name} created`),
    refresh: [queryKeys.plans],
  });
}
