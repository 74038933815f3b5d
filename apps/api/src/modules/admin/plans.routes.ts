/** Admin plan routes (requirements §7): list with figures, create, update. */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { createPlan, updatePlan } from '../plans/service.js';
import { adminPlan, adminPlans } from './dashboard.js';

/** Registers the admin plan routes on `app`. */
export function adminPlanRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.plans, async () => ({ plans: await adminPlans(ctx) }));
    route(app, API.admin.createPlan, async ({ user, body }) => {
      const plan = await createPlan(ctx, user, body);
      return { plan: await adminPlan(ctx, plan.id) };
    });
    route(app, API.admin.updatePlan, async ({ user, params, body }) => {
      const plan = await updatePlan(ctx, user, params.id, body);
      return { plan: await adminPlan(ctx, plan.id) };
    });
  };
}
