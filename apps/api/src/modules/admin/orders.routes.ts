/** Admin order routes (requirements §7): the orders list, status changes and their preview, provider events. */
import type { FastifyInstance } from 'fastify';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../plugins/route.js';
import { sendCsv } from '../../plugins/send-csv.js';
import {
  listAdminOrders,
  listAdminPaymentEvents,
  ordersCsv,
  setOrderStatus,
} from '../billing/admin.js';
import { previewOrderStatus } from '../billing/preview.js';

/** Registers the admin order routes on `app`. */
export function adminOrderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.admin.orders, async ({ query }) => listAdminOrders(ctx, query));
    route(app, API.admin.exportOrders, async ({ query }, reply) =>
      sendCsv(reply, 'orders', ctx.now(), ordersCsv(ctx, query)),
    );
    route(app, API.admin.setOrderStatus, async ({ user, params, body }) => ({
      order: await setOrderStatus(ctx, user, params.id, body.status, body.admin_note),
    }));
    route(app, API.admin.orderStatusPreview, async ({ params, query }) => ({
      preview: await previewOrderStatus(ctx, params.id, query.status),
    }));
    route(app, API.admin.paymentEvents, async ({ query }) => listAdminPaymentEvents(ctx, query));
  };
}
