/**
 * Billing routes (requirements §7): placing an order, opening its checkout, the buyer's orders and
 * order status, the QR image and the sandbox payment page, and provider webhooks.
 */
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { route } from '../../plugins/route.js';
import { actOnPaymentPage, openCheckout, payablePageUrl, paymentPage } from './checkout.js';
import { receiveWebhook } from './events.js';
import { listOwnOrders, orderStatus, placeOrder } from './orders.js';

/** Registers the billing routes on `app`. */
export function billingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.subscriptions.subscribe, async ({ user, body }) => {
      const order = await placeOrder(ctx, user, body);
      return { order_id: order.id, order };
    });
    route(app, API.payments.create, async ({ user, body }) =>
      openCheckout(ctx, user, body.order_id),
    );
    route(app, API.payments.orders, async ({ user, query }) => listOwnOrders(ctx, user, query));
    route(app, API.payments.orderStatus, async ({ user, params }) =>
      orderStatus(ctx, user, params.id),
    );

    route(app, API.payments.qr, async ({ params }, reply) => {
      const url = await payablePageUrl(ctx, params.sessionId);
      if (!url) throw notFound('paymentNotFound');
      const png = await QRCode.toBuffer(url, {
        type: 'png',
        width: 240,
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
    });
    route(app, API.payments.checkout, async ({ params }) => paymentPage(ctx, params.sessionId));
    route(app, API.payments.pay, async ({ params }) =>
      actOnPaymentPage(ctx, params.sessionId, 'pay'),
    );
    route(app, API.payments.cancel, async ({ params }) =>
      actOnPaymentPage(ctx, params.sessionId, 'cancel'),
    );

    route(app, API.payments.webhook, async ({ params, request }) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return receiveWebhook(ctx, params.provider, raw, request.headers);
    });
  };
}
