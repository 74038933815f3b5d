/**
 * Payment routes (spec §7): `POST /payments/create`, `GET /payments/orders`,
 * `GET /payments/orders/{id}/status`, the QR image of a payment page, and the sandbox
 * provider's checkout calls.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  API_ERRORS,
  createPaymentRequestSchema,
  createPaymentResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  orderStatusResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  sandboxActionResponseSchema,
  sandboxCheckoutSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/errors.js';
import { notFound } from '../../lib/http-error.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { receiveWebhook } from '../../payments/webhooks.js';
import { listOrders } from '../orders/service.js';
import {
  createPayment,
  orderStatus,
  paymentUrlForSession,
  sandboxCancel,
  sandboxCheckout,
  sandboxPay,
} from './service.js';

const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });
const errors = errorResponses(400, 401, 403, 404, 409);
const secured = { tags: ['payments'], security: [{ bearerAuth: [] }] };

export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireUser(ctx);

    app.post(
      '/payments/create',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: "Open the hosted checkout for the caller's own PENDING order",
          body: createPaymentRequestSchema,
          response: { 200: createPaymentResponseSchema, ...errors },
        },
      },
      async (request) => createPayment(ctx, currentUser(request), request.body.order_id),
    );

    app.get(
      '/payments/orders',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: "The caller's orders, newest first",
          querystring: ordersQuerySchema,
          response: { 200: ordersResponseSchema, ...errors },
        },
      },
      async (request) => listOrders(ctx, currentUser(request), request.query),
    );

    app.get(
      '/payments/orders/:id/status',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: "Status of the caller's own order (polled after opening the payment page)",
          params: idParamsSchema,
          response: { 200: orderStatusResponseSchema, ...errors },
        },
      },
      async (request) => orderStatus(ctx, currentUser(request), request.params.id),
    );

    app.get(
      '/payments/qr/:sessionId',
      {
        schema: {
          tags: ['payments'],
          summary: 'PNG QR code of an open payment page (the session id is the capability)',
          params: sessionParams,
        },
      },
      async (request, reply) => {
        const url = await paymentUrlForSession(ctx, request.params.sessionId);
        if (!url) throw notFound(API_ERRORS.paymentNotFound);
        const png = await QRCode.toBuffer(url, {
          type: 'png',
          width: 240,
          margin: 1,
          errorCorrectionLevel: 'M',
        });
        return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
      },
    );

    app.get(
      '/payments/sandbox/sessions/:sessionId',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Sandbox checkout page data (owner only)',
          params: sessionParams,
          response: { 200: sandboxCheckoutSchema, ...errors },
        },
      },
      async (request) => sandboxCheckout(ctx, currentUser(request), request.params.sessionId),
    );

    app.post(
      '/payments/sandbox/sessions/:sessionId/pay',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Sandbox checkout: pay (fulfils the order once)',
          params: sessionParams,
          response: { 200: sandboxActionResponseSchema, ...errors },
        },
      },
      async (request) => sandboxPay(ctx, currentUser(request), request.params.sessionId),
    );

    // Provider webhooks read the raw body: the signature is over the exact bytes received.
    await app.register(async (hooks) => {
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_request, body, done) => done(null, body),
      );
      hooks.withTypeProvider<ZodTypeProvider>().post(
        '/payments/webhooks/:provider',
        {
          schema: {
            tags: ['payments'],
            summary:
              "A payment provider's signed event (Stripe-Signature / Sandbox-Signature over the raw body)",
            params: z.object({ provider: z.string().min(1).max(40) }),
            response: {
              200: z.object({ received: z.literal(true), outcome: z.string() }),
              400: errorResponseSchema,
              404: errorResponseSchema,
            },
          },
        },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return receiveWebhook(ctx, request.params.provider, raw, request.headers);
        },
      );
    });

    app.post(
      '/payments/sandbox/sessions/:sessionId/cancel',
      {
        preHandler: auth,
        schema: {
          ...secured,
          summary: 'Sandbox checkout: cancel (the order becomes FAILED)',
          params: sessionParams,
          response: { 200: sandboxActionResponseSchema, ...errors },
        },
      },
      async (request) => sandboxCancel(ctx, currentUser(request), request.params.sessionId),
    );
  };
}
