import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flockr/contract';
import { TokenService } from '../lib/tokens.js';
import { createHarness, registerUser, type Harness } from '../test/harness.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from './device-cookie.js';

const PER_ACCOUNT = 5;
const PER_DEVICE = 3;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    rateLimits: {
      loginPerIp: 1_000,
      loginPerAccount: PER_ACCOUNT,
      loginPerDevice: PER_DEVICE,
      sensitivePerIp: 1_000,
      windowMs: 15 * 60_000,
    },
  });
});
afterAll(async () => {
  await h.close();
});

let address = 0;
/** A client address no earlier request used (the attacker rotates through a botnet). */
const freshAddress = () => `198.51.100.${(address += 1)}`;

function login(
  email: string,
  password: string,
  options: { cookie?: string; remoteAddress?: string } = {},
) {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: options.remoteAddress ?? freshAddress(),
    ...(options.cookie && { cookies: { [DEVICE_COOKIE]: options.cookie } }),
  });
}

/** The device cookie a successful sign-in set. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

describe('device cookies (OWASP: slow down online guessing without locking the owner out)', () => {
  it('is set on sign-in and registration: HttpOnly, SameSite=Strict, only for the auth routes', async () => {
    const owner = await registerUser(h.app);
    const registered = (
      await h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          ...owner.payload,
          username: `${owner.payload.username}x`,
          email: `x${owner.payload.email}`,
        },
      })
    ).cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(registered).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: DEVICE_COOKIE_PATH,
    });
    const res = await login(owner.payload.email, owner.payload.password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: DEVICE_COOKIE_PATH });
    expect(cookie.maxAge).toBe(180 * 86_400);
    const failed = await login(owner.payload.email, 'Wr0ng!guess');
    expect(failed.statusCode).toBe(401);
    expect(failed.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
  });

  it("an attacker exhausts the account's limit from fresh addresses; the owner's device still signs in; the attacker stays limited", async () => {
    const owner = await registerUser(h.app);
    const device = deviceCookieOf(await login(owner.payload.email, owner.payload.password));

    for (let i = 1; i < PER_ACCOUNT; i += 1)
      expect((await login(owner.payload.email, 'Wr0ng!guess')).statusCode).toBe(401);
    const locked = await login(owner.payload.email, 'Wr0ng!guess');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: API_ERRORS.tooManyRequests });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password from a browser the account has never signed in from waits.
    expect((await login(owner.payload.email, owner.payload.password)).statusCode).toBe(429);

    const fromOwner = await login(owner.payload.email, owner.payload.password, { cookie: device });
    expect(fromOwner.statusCode).toBe(200);
    const renewed = deviceCookieOf(fromOwner);
    expect(
      (await login(owner.payload.email, owner.payload.password, { cookie: renewed })).statusCode,
    ).toBe(200);

    expect((await login(owner.payload.email, 'Wr0ng!guess')).statusCode).toBe(429);
  });

  it("another account's cookie, a forged cookie or an expired one is no trust at all", async () => {
    const owner = await registerUser(h.app);
    const attacker = await registerUser(h.app);
    const attackerDevice = deviceCookieOf(
      await login(attacker.payload.email, attacker.payload.password),
    );
    for (let i = 0; i < PER_ACCOUNT; i += 1) await login(owner.payload.email, 'Wr0ng!guess');
    const forged = await new TokenService('not-the-server-secret-0123456789abcdef').sign(
      'device',
      owner.user.id,
      60_000,
      { login: owner.payload.email },
    );
    const expired = await new TokenService(h.config.jwtSecret).sign(
      'device',
      owner.user.id,
      -1_000,
      { login: owner.payload.email },
    );
    const session = owner.token; // a valid token of another kind
    for (const cookie of [attackerDevice, forged.token, expired.token, session, 'garbage']) {
      const res = await login(owner.payload.email, owner.payload.password, { cookie });
      expect(res.statusCode, cookie.slice(0, 20)).toBe(429);
    }
  });

  it('a trusted device that keeps guessing wrong is limited on its own counter', async () => {
    const owner = await registerUser(h.app);
    const device = deviceCookieOf(await login(owner.payload.email, owner.payload.password));
    for (let i = 0; i < PER_DEVICE; i += 1)
      expect((await login(owner.payload.email, 'Wr0ng!guess', { cookie: device })).statusCode).toBe(
        401,
      );
    expect((await login(owner.payload.email, 'Wr0ng!guess', { cookie: device })).statusCode).toBe(
      429,
    );
    // Its guesses did not touch the account's counter: an untrusted browser still gets its tries.
    expect((await login(owner.payload.email, owner.payload.password)).statusCode).toBe(200);
  });
});
