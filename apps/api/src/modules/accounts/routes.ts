/**
 * Account routes (spec §7 and issue 5): forgot/reset password, e-mail verification, change
 * password, change e-mail, delete account. Sensitive calls are rate-limited per client address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { Limiters } from '../../plugins/rate-limit.js';
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  forgotPassword,
  requestEmailChange,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './service.js';

const errors = errorResponses(400, 401, 403, 409, 429);
const tags = ['auth'];
const security = [{ bearerAuth: [] }];

export function accountRoutes(ctx: AppContext, limits: Limiters): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireUser(ctx);

    app.post(
      '/auth/forgot-password',
      {
        preHandler: limits.sensitivePerIp,
        schema: {
          tags,
          summary: 'E-mail a reset link (same answer whether or not the account exists)',
          body: forgotPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => forgotPassword(ctx, request.body.email),
    );

    app.post(
      '/auth/reset-password',
      {
        preHandler: limits.sensitivePerIp,
        schema: {
          tags,
          summary: 'Set a new password with a reset link (ends every session)',
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => resetPassword(ctx, request.body.token, request.body.password),
    );

    app.post(
      '/auth/verify-email',
      {
        preHandler: limits.sensitivePerIp,
        schema: {
          tags,
          summary: 'Confirm the e-mail address',
          body: tokenRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => verifyEmail(ctx, request.body.token),
    );

    app.post(
      '/auth/resend-verification',
      {
        preHandler: [auth, limits.sensitivePerIp],
        schema: {
          tags,
          security,
          summary: 'Send the confirmation link again',
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => resendVerification(ctx, currentUser(request)),
    );

    app.post(
      '/auth/change-password',
      {
        preHandler: auth,
        schema: {
          tags,
          security,
          summary: 'Change the password (ends every other session)',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) =>
        changePassword(
          ctx,
          currentUser(request),
          request.auth!.sessionId,
          request.body.current_password,
          request.body.new_password,
        ),
    );

    app.post(
      '/auth/change-email',
      {
        preHandler: auth,
        schema: {
          tags,
          security,
          summary: 'Ask to change the e-mail address (confirmed by a link)',
          body: changeEmailRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) =>
        requestEmailChange(
          ctx,
          currentUser(request),
          request.body.new_email,
          request.body.password,
        ),
    );

    app.post(
      '/auth/confirm-email',
      {
        preHandler: limits.sensitivePerIp,
        schema: {
          tags,
          summary: 'Apply an e-mail change',
          body: tokenRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => confirmEmailChange(ctx, request.body.token),
    );

    app.delete(
      '/user/account',
      {
        preHandler: auth,
        schema: {
          tags: ['user'],
          security,
          summary: 'Delete the account (personal data removed, payments kept)',
          body: deleteAccountRequestSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteAccount(ctx, currentUser(request), request.body.password);
        return reply.status(204).send(null);
      },
    );
  };
}
