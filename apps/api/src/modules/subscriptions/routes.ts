/** Subscription routes (requirements §7): my-subscriptions, the quote of a purchase, cancel at period end, resume. */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { mySubscriptions, quotePlanChange, setCancelAtPeriodEnd } from './service.js';

/** Registers the subscription routes on `app`. */
export function subscriptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.subscriptions.mine, async ({ user }) => mySubscriptions(ctx, user));
    route(app, API.subscriptions.quote, async ({ user, query }) =>
      quotePlanChange(ctx, user, query.plan_id, query.duration_months),
    );
    route(app, API.subscriptions.cancel, async ({ user, params }) => ({
      subscription: await setCancelAtPeriodEnd(ctx, user, params.id, true),
    }));
    route(app, API.subscriptions.resume, async ({ user, params }) => ({
      subscription: await setCancelAtPeriodEnd(ctx, user, params.id, false),
    }));
  };
}
