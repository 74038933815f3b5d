/**
 * Account routes (requirements §7 and README "Sessions", "E-mail"): register, sign in and out,
 * the signed-in user, recovery and e-mail links, password and e-mail changes, profile,
 * preferences and deleting the account. Sign-in and the link calls are rate-limited.
 */
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { API } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { bearerToken } from '../../plugins/auth.js';
import { issueDeviceCookie, limitLoginAttempt } from '../../plugins/device-cookie.js';
import { sendMemoryAnswer } from '../../plugins/send-answer.js';
import type { Limiters } from '../../plugins/rate-limit.js';
import { route } from '../../plugins/route.js';
import { deleteAccount, meAnswer, updateNotifications, updateProfile } from './profile.js';
import {
  changePassword,
  confirmEmailChange,
  forgotPassword,
  requestEmailChange,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './recovery.js';
import { login, register, signOut } from './sign-in.js';

/**
 * Registers the account routes on `app`, with the cookie parser around registration and sign-in
 * only: the device cookie they read and set (plugins/device-cookie.ts) is the product's one
 * cookie, and the parser's two hooks need not run on any other request (`/auth/me` above all).
 */
export function accountRoutes(ctx: AppContext, limits: Limiters) {
  return async (app: FastifyInstance) => {
    const perAddress = { preHandler: limits.sensitivePerIp };

    await app.register(async (withCookie) => {
      await withCookie.register(fastifyCookie);
      route(
        withCookie,
        API.auth.register,
        async ({ body }, reply) => {
          const answer = await register(ctx, body);
          await issueDeviceCookie(ctx, reply, answer.user);
          return answer;
        },
        perAddress,
      );
      route(
        withCookie,
        API.auth.login,
        async ({ body }, reply) => {
          const answer = await login(ctx, body);
          await issueDeviceCookie(ctx, reply, answer.user);
          return answer;
        },
        { preHandler: limitLoginAttempt(ctx, limits) },
      );
    });
    route(
      app,
      API.auth.me,
      async ({ user, request }, reply) =>
        sendMemoryAnswer(request, reply, await meAnswer(ctx, bearerToken(request)!, user)),
      { compress: false },
    );
    route(app, API.auth.logout, async ({ sessionId }) => signOut(ctx, sessionId));

    route(
      app,
      API.auth.forgotPassword,
      async ({ body }) => forgotPassword(ctx, body.email),
      perAddress,
    );
    route(
      app,
      API.auth.resetPassword,
      async ({ body }) => resetPassword(ctx, body.token, body.password),
      perAddress,
    );
    route(app, API.auth.verifyEmail, async ({ body }) => verifyEmail(ctx, body.token), perAddress);
    route(
      app,
      API.auth.resendVerification,
      async ({ user }) => resendVerification(ctx, user),
      perAddress,
    );
    route(app, API.auth.changePassword, async ({ user, sessionId, body }) =>
      changePassword(ctx, user, sessionId, body.current_password, body.new_password),
    );
    route(app, API.auth.changeEmail, async ({ user, body }) =>
      requestEmailChange(ctx, user, body.new_email, body.password),
    );
    route(
      app,
      API.auth.confirmEmail,
      async ({ body }) => confirmEmailChange(ctx, body.token),
      perAddress,
    );

    route(app, API.user.updateProfile, async ({ user, body }) => ({
      user: await updateProfile(ctx, user, body),
    }));
    route(app, API.user.updateNotifications, async ({ user, body }) => ({
      user: await updateNotifications(ctx, user, body),
    }));
    route(app, API.user.deleteAccount, async ({ user, body }) =>
      deleteAccount(ctx, user, body.password),
    );
  };
}
