/**
 * Admin routes under /admin (spec §7, issue 4). Every route is guarded by `requireAdmin`
 * (401 signed out, 403 for USER and for SUSPENDED or INACTIVE accounts); role and ownership
 * rules live in the services. Handlers only parse, call a service and shape the answer.
 */
import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ERRORS,
  adminChangelogEntryResponseSchema,
  adminChangelogResponseSchema,
  adminDownloadResponseSchema,
  adminDownloadsResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminPlanResponseSchema,
  adminPlansResponseSchema,
  adminUserDetailSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  createChangelogRequestSchema,
  createDownloadRequestSchema,
  dailyStatsResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  planInputSchema,
  planUpdateSchema,
  statsResponseSchema,
  updateChangelogRequestSchema,
  updateDownloadRequestSchema,
  updateOrderStatusRequestSchema,
  updateOrderStatusResponseSchema,
  updateUserRoleRequestSchema,
  updateUserStatusRequestSchema,
  updateUserStatusResponseSchema,
  uploadDownloadFieldsSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/errors.js';
import { HttpError, badRequest } from '../../lib/http-error.js';
import { currentUser, requireAdmin, requireSuperAdmin } from '../../plugins/auth.js';
import { listAudit } from '../audit/service.js';
import { createChangelogEntry, listAdminChangelog, updateChangelogEntry } from './changelog.js';
import {
  createDownloadFromUpload,
  createDownloadFromUrl,
  listAdminDownloads,
  receiveUpload,
  setDownloadActive,
} from './downloads.js';
import { listAdminOrders, setOrderStatus } from './orders.js';
import { createPlan, listAdminPlans, updatePlan } from './plans.js';
import { dailyStats, stats } from './stats.js';
import { listUsers, setUserRole, setUserStatus, userDetail } from './users.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** Largest accepted upload, in bytes (2 GiB). */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin(ctx));
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 },
    });

    app.get(
      '/admin/stats',
      {
        schema: {
          tags,
          security,
          summary: 'Dashboard figures',
          response: { 200: statsResponseSchema, ...errors },
        },
      },
      async () => ({ stats: await stats(ctx) }),
    );

    app.get(
      '/admin/stats/daily',
      {
        schema: {
          tags,
          security,
          summary: 'Revenue and sign-ups per day, last 30 days',
          response: { 200: dailyStatsResponseSchema, ...errors },
        },
      },
      async () => dailyStats(ctx),
    );

    app.get(
      '/admin/users',
      {
        schema: {
          tags,
          security,
          summary: 'Users, paged and filtered',
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersResponseSchema, ...errors },
        },
      },
      async (request) => listUsers(ctx, request.query),
    );

    app.get(
      '/admin/users/:id',
      {
        schema: {
          tags,
          security,
          summary: 'A user with orders, subscription and downloads',
          params: idParamsSchema,
          response: { 200: adminUserDetailSchema, ...errors },
        },
      },
      async (request) => userDetail(ctx, request.params.id),
    );

    app.put(
      '/admin/users/:id/status',
      {
        schema: {
          tags,
          security,
          summary: 'Set a user status (not your own; other admins: SUPER_ADMIN only)',
          params: idParamsSchema,
          body: updateUserStatusRequestSchema,
          response: { 200: updateUserStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        user: await setUserStatus(
          ctx,
          currentUser(request),
          request.params.id,
          request.body.status,
        ),
      }),
    );

    app.put(
      '/admin/users/:id/role',
      {
        onRequest: requireSuperAdmin(),
        schema: {
          tags,
          security,
          summary: 'Set a user role (SUPER_ADMIN only, not your own)',
          params: idParamsSchema,
          body: updateUserRoleRequestSchema,
          response: { 200: updateUserStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        user: await setUserRole(ctx, currentUser(request), request.params.id, request.body.role),
      }),
    );

    app.get(
      '/admin/orders',
      {
        schema: {
          tags,
          security,
          summary: 'Orders with buyer and plan',
          querystring: adminOrdersQuerySchema,
          response: { 200: adminOrdersResponseSchema, ...errors },
        },
      },
      async (request) => listAdminOrders(ctx, request.query),
    );

    app.put(
      '/admin/orders/:id/status',
      {
        schema: {
          tags,
          security,
          summary: 'Change an order status (with its effect on the subscription)',
          params: idParamsSchema,
          body: updateOrderStatusRequestSchema,
          response: { 200: updateOrderStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        order: await setOrderStatus(
          ctx,
          currentUser(request),
          request.params.id,
          request.body.status,
          request.body.admin_note,
        ),
      }),
    );

    app.get(
      '/admin/plans',
      {
        schema: {
          tags,
          security,
          summary: 'Every plan with subscribers and revenue',
          response: { 200: adminPlansResponseSchema, ...errors },
        },
      },
      async () => ({ plans: await listAdminPlans(ctx) }),
    );

    app.post(
      '/admin/plans',
      {
        schema: {
          tags,
          security,
          summary: 'Create a plan',
          body: planInputSchema,
          response: { 201: adminPlanResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ plan: await createPlan(ctx, currentUser(request), request.body) }),
    );

    app.put(
      '/admin/plans/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Update a plan',
          params: idParamsSchema,
          body: planUpdateSchema,
          response: { 200: adminPlanResponseSchema, ...errors },
        },
      },
      async (request) => ({
        plan: await updatePlan(ctx, currentUser(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/admin/downloads',
      {
        schema: {
          tags,
          security,
          summary: 'Every program version with download counts',
          response: { 200: adminDownloadsResponseSchema, ...errors },
        },
      },
      async () => ({ downloads: await listAdminDownloads(ctx) }),
    );

    app.post(
      '/admin/downloads',
      {
        schema: {
          tags,
          security,
          summary: 'Add a version hosted at a URL',
          body: createDownloadRequestSchema,
          response: { 201: adminDownloadResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ download: await createDownloadFromUrl(ctx, currentUser(request), request.body) }),
    );

    app.post(
      '/admin/downloads/upload',
      {
        schema: {
          tags,
          security,
          summary:
            'Add a version by uploading its file (multipart: version, release_date, filename?, is_active?, then file)',
          consumes: ['multipart/form-data'],
          response: { 201: adminDownloadResponseSchema, ...errors, 413: errorResponseSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest(API_ERRORS.uploadMissingFile);
        const fields: Record<string, string> = {};
        let upload:
          (Awaited<ReturnType<typeof receiveUpload>> & { originalName?: string }) | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              fields[part.fieldname] = String(part.value);
            } else if (part.fieldname === 'file' && !upload) {
              upload = { ...(await receiveUpload(ctx, part.file)), originalName: part.filename };
              if (part.file.truncated) throw new HttpError(413, API_ERRORS.uploadTooLarge);
            } else {
              part.file.resume();
            }
          }
          if (!upload || upload.size === 0) throw badRequest(API_ERRORS.uploadMissingFile);
          const parsed = uploadDownloadFieldsSchema.safeParse(fields);
          if (!parsed.success)
            throw badRequest(parsed.error.issues[0]?.message ?? API_ERRORS.invalidRequest);
          const download = await createDownloadFromUpload(
            ctx,
            currentUser(request),
            upload,
            parsed.data,
          );
          return reply.status(201).send({ download });
        } catch (error) {
          if (upload) await rm(upload.tempPath, { force: true });
          throw error;
        }
      },
    );

    app.put(
      '/admin/downloads/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Activate or deactivate a version',
          params: idParamsSchema,
          body: updateDownloadRequestSchema,
          response: { 200: adminDownloadResponseSchema, ...errors },
        },
      },
      async (request) => ({
        download: await setDownloadActive(
          ctx,
          currentUser(request),
          request.params.id,
          request.body.is_active,
        ),
      }),
    );

    app.get(
      '/admin/changelog',
      {
        schema: {
          tags,
          security,
          summary: 'Every changelog entry, drafts included',
          response: { 200: adminChangelogResponseSchema, ...errors },
        },
      },
      async () => ({ changelog_entries: await listAdminChangelog(ctx) }),
    );

    app.post(
      '/admin/changelog',
      {
        schema: {
          tags,
          security,
          summary: 'Create a changelog entry (published or draft)',
          body: createChangelogRequestSchema,
          response: { 201: adminChangelogEntryResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ entry: await createChangelogEntry(ctx, currentUser(request), request.body) }),
    );

    app.put(
      '/admin/changelog/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Edit or publish a changelog entry',
          params: idParamsSchema,
          body: updateChangelogRequestSchema,
          response: { 200: adminChangelogEntryResponseSchema, ...errors },
        },
      },
      async (request) => ({
        entry: await updateChangelogEntry(
          ctx,
          currentUser(request),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.get(
      '/admin/audit',
      {
        schema: {
          tags,
          security,
          summary: 'The audit trail of admin changes',
          querystring: auditQuerySchema,
          response: { 200: auditResponseSchema, ...errors },
        },
      },
      async (request) => listAudit(ctx.db, request.query),
    );
  };
}
