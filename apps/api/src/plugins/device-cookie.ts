/**
 * Device cookies: brute-force protection that cannot be turned against the account's owner
 * (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). After a successful sign-in
 * the browser gets a signed, HttpOnly device cookie naming the account. A login attempt that
 * carries a valid device cookie for the account being tried is counted against that device only;
 * every other attempt (a stranger, a fresh address, a forged or another account's cookie) is
 * counted per client address and per account as before. So an attacker who exhausts an account's
 * limit from many addresses stays locked out, while the owner's own browser still signs in.
 * A device that guesses wrong too often is limited too (its own counter).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@flockr/contract';
import type { AppContext } from '../context.js';
import type { Limiters } from './rate-limit.js';

/** Cookie name. */
export const DEVICE_COOKIE = 'flockr_device';
/** The cookie is sent only to the auth routes. */
export const DEVICE_COOKIE_PATH = `${API_BASE_PATH}/auth`;
/** How long a browser stays trusted after its last successful sign-in: 180 days, in ms. */
const DEVICE_COOKIE_TTL_MS = 180 * 86_400_000;

/** A verified device cookie: its id (the nonce the per-device limit counts) and account. */
export interface TrustedDevice {
  id: string;
  /** The account's e-mail address, lower-cased, at the time of the sign-in. */
  login: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by {@link limitLoginAttempt} when the attempt comes from a trusted device. */
    trustedDevice: TrustedDevice | null;
  }
}

/** Reads and verifies the device cookie of `request`; null when absent, forged or expired. */
async function readDeviceCookie(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<TrustedDevice | null> {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const claims = await ctx.tokens.verify('device', raw);
  if (!claims || typeof claims.login !== 'string') return null;
  return { id: claims.jti, login: claims.login };
}

/**
 * Sets a fresh device cookie for the account `{ id, email }` on `reply` (HttpOnly, SameSite
 * Strict, Secure when PUBLIC_URL is https, path /api/v1/auth, 180 days).
 */
export async function issueDeviceCookie(
  ctx: AppContext,
  reply: FastifyReply,
  account: { id: string; email: string },
): Promise<void> {
  const { token } = await ctx.tokens.sign('device', account.id, DEVICE_COOKIE_TTL_MS, {
    login: account.email.toLowerCase(),
  });
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https:'),
    maxAge: DEVICE_COOKIE_TTL_MS / 1000,
  });
}

/**
 * preHandler of `POST /auth/login`: counts the attempt against the trusted device when the
 * request carries a valid device cookie for the e-mail being tried, otherwise against the client
 * address and the account.
 * @throws 429 'Too many requests. Please try again later' with Retry-After past a limit.
 */
export function limitLoginAttempt(ctx: AppContext, limits: Limiters) {
  return async (request: FastifyRequest): Promise<void> => {
    const email = String((request.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase();
    const device = await readDeviceCookie(ctx, request);
    if (device && device.login === email) {
      request.trustedDevice = device;
      await limits.loginPerDevice(request);
      return;
    }
    await limits.loginPerIp(request);
    await limits.loginPerAccount(request);
  };
}
