/** Admin plan calls: list, create, update (spec section 7, /admin/plans). */
import { queryOptions } from '@tanstack/react-query';
import { CLIENT_ERRORS, type AdminPlan, type planInputSchema } from '@flockr/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** A complete plan payload after validation (features without blank lines). */
export type PlanPayload = z.output<typeof planInputSchema>;

/** Fetches every plan, inactive ones included, with subscriber count and revenue. */
export function fetchAdminPlans(signal?: AbortSignal): Promise<{ plans: AdminPlan[] }> {
  return api.get<{ plans: AdminPlan[] }>('/admin/plans', {
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchPlans,
  });
}

/** Query options of the admin plan list. */
export const adminPlansQueryOptions = queryOptions({
  queryKey: adminKeys.plans,
  queryFn: ({ signal }) => fetchAdminPlans(signal),
});

/** Creates a plan. @throws ApiError, e.g. 409 'A plan with this name already exists'. */
export function createPlan(payload: PlanPayload): Promise<{ plan: AdminPlan }> {
  return api.post<{ plan: AdminPlan }>('/admin/plans', payload, {
    fallback: CLIENT_ERRORS.defaults.createPlan,
  });
}

/** Changes the given fields of a plan. */
export function updatePlan(
  id: string,
  payload: Partial<PlanPayload>,
): Promise<{ plan: AdminPlan }> {
  return api.put<{ plan: AdminPlan }>(`/admin/plans/${encodeURIComponent(id)}`, payload, {
    fallback: CLIENT_ERRORS.defaults.updatePlan,
  });
}
