/**
 * Subscription routes (spec §7): `GET /subscriptions/plans` (public), `POST /subscriptions/subscribe`,
 * `GET /subscriptions/my-subscriptions`, `DELETE /subscriptions/{id}/cancel`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionResponseSchema,
  idParamsSchema,
  mySubscriptionsResponseSchema,
  plansResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { placeOrder } from '../orders/service.js';
import { publicPlans } from '../plans/service.js';
import { mySubscriptions, setCancelAtPeriodEnd } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const secured = { tags: ['subscriptions'], security: [{ bearerAuth: [] }] };

export function subscriptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireUser(ctx);

    app.get(
      '/subscriptions/plans',
      {
        schema: {
          tags: ['subscriptions'],
          summary: 'Active plans with prices and the yearly discount',
          response: { 200: plansResponseSchema },
        },
      },
      async () => publicPlans(ctx),
    );

    app.post(
      '/subscriptions/subscribe',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Place a PENDING order for a plan and period',
          body: subscribeRequestSchema,
          response: { 201: subscribeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const order = await placeOrder(ctx, currentUser(request), request.body);
        return reply.status(201).send({ order_id: order.id, order });
      },
    );

    app.get(
      '/subscriptions/my-subscriptions',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: "The caller's subscription",
          response: { 200: mySubscriptionsResponseSchema, ...errors },
        },
      },
      async (request) => mySubscriptions(ctx, currentUser(request)),
    );

    app.delete(
      '/subscriptions/:id/cancel',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Cancel at period end (access continues until expires_at)',
          params: idParamsSchema,
          response: { 200: cancelSubscriptionResponseSchema, ...errors },
        },
      },
      async (request) => ({
        subscription: await setCancelAtPeriodEnd(
          ctx,
          currentUser(request),
          request.params.id,
          true,
        ),
      }),
    );

    app.post(
      '/subscriptions/:id/resume',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Undo a cancellation before the period ends',
          params: idParamsSchema,
          response: { 200: cancelSubscriptionResponseSchema, ...errors },
        },
      },
      async (request) => ({
        subscription: await setCancelAtPeriodEnd(
          ctx,
          currentUser(request),
          request.params.id,
          false,
        ),
      }),
    );
  };
}
