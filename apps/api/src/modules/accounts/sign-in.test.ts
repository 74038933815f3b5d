import { randomBytes, scryptSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  VALIDATION_MESSAGES,
  authResponseSchema,
  userResponseSchema,
} from '@flockr/contract';
import { PasswordHasher } from '../../lib/password.js';
import { TokenService } from '../../lib/tokens.js';
import { findUserByEmail, updateUser } from './repository.js';
import { createHarness, newUserPayload, registerUser, type Harness } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const post = (url: string, payload: unknown) =>
  h.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

describe('POST /auth/register', () => {
  it('creates a USER, answers token and user (201), never the password hash', async () => {
    const payload = newUserPayload();
    const res = await post('/auth/register', { ...payload, email: payload.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const body = authResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      username: payload.username,
      email: payload.email.toLowerCase(),
      role: 'USER',
      status: 'ACTIVE',
      country: 'DE',
      notifications_enabled: true,
      subscription: null,
    });
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('argon2');
  });

  it('omits country when not given and keeps notifications_enabled false when unticked', async () => {
    const { country: _c, ...payload } = newUserPayload();
    const res = await post('/auth/register', { ...payload, notifications_enabled: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      country: null,
      notifications_enabled: false,
      marketing_emails: false,
    });
  });

  it.each([
    [{ username: undefined }, VALIDATION_MESSAGES.usernameRequired],
    [{ username: '' }, VALIDATION_MESSAGES.usernameRequired],
    [{ username: 'ab' }, VALIDATION_MESSAGES.usernameTooShort],
    [{ email: undefined }, VALIDATION_MESSAGES.emailRequired],
    [{ email: '' }, VALIDATION_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, VALIDATION_MESSAGES.emailInvalid],
    [{ password: undefined }, VALIDATION_MESSAGES.passwordRequired],
    [{ password: '' }, VALIDATION_MESSAGES.passwordRequired],
    [{ password: 'alllowercase' }, VALIDATION_MESSAGES.passwordRequirements],
    [{ password: 'Sh0rt!' }, VALIDATION_MESSAGES.passwordRequirements],
    [{ country: 'XX' }, VALIDATION_MESSAGES.countryInvalid],
  ])('refuses %j with 400 "%s" and creates nothing', async (change, message) => {
    const payload = { ...newUserPayload(), ...change };
    const res = await post('/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
    if (payload.email) expect(await findUserByEmail(h.db, payload.email)).toBeUndefined();
  });

  it('accepts a password meeting 4 of 5 criteria (no special character) and a 128-character one', async () => {
    expect(
      (await post('/auth/register', { ...newUserPayload(), password: 'Passw0rdLong' })).statusCode,
    ).toBe(201);
    const long = `Aa1!${'x'.repeat(124)}`;
    const payload = { ...newUserPayload(), password: long };
    expect((await post('/auth/register', payload)).statusCode).toBe(201);
    expect((await post('/auth/login', { email: payload.email, password: long })).statusCode).toBe(
      200,
    );
    expect(
      (await post('/auth/login', { email: payload.email, password: long.slice(0, 127) }))
        .statusCode,
    ).toBe(401);
  });

  it('rejects a duplicate email or username with 409, case-insensitively', async () => {
    const first = newUserPayload();
    expect((await post('/auth/register', first)).statusCode).toBe(201);
    const sameEmail = await post('/auth/register', {
      ...newUserPayload(),
      email: first.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ error: API_ERRORS.emailTaken });
    const sameName = await post('/auth/register', {
      ...newUserPayload(),
      username: first.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ error: API_ERRORS.usernameTaken });
  });

  it('lets only one of two simultaneous registrations with the same email through', async () => {
    const a = newUserPayload();
    const b = { ...newUserPayload(), email: a.email };
    const results = await Promise.all([post('/auth/register', a), post('/auth/register', b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right credentials, with any email case', async () => {
    const { payload } = await registerUser(h.app);
    const res = await post('/auth/login', {
      email: payload.email.toUpperCase(),
      password: payload.password,
    });
    expect(res.statusCode).toBe(200);
    expect(authResponseSchema.parse(res.json()).user.email).toBe(payload.email);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { payload } = await registerUser(h.app);
    const wrong = await post('/auth/login', { email: payload.email, password: 'Wrong!pass1' });
    const unknown = await post('/auth/login', {
      email: 'nobody@example.com',
      password: payload.password,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: API_ERRORS.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('upgrades a legacy scrypt hash to argon2id at the next successful sign-in', async () => {
    const { payload } = await registerUser(h.app);
    const user = (await findUserByEmail(h.db, payload.email))!;
    const salt = randomBytes(16);
    const key = scryptSync(payload.password, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const legacy = ['scrypt', 2 ** 10, 8, 1, salt.toString('base64'), key.toString('base64')];
    await updateUser(h.db, user.id, { passwordHash: legacy.join('$') });

    const wrong = await post('/auth/login', { email: payload.email, password: 'Wrong!pass1' });
    expect(wrong.statusCode).toBe(401);
    expect((await findUserByEmail(h.db, payload.email))!.passwordHash).toBe(legacy.join('$'));

    const first = await post('/auth/login', { email: payload.email, password: payload.password });
    expect(first.statusCode).toBe(200);
    expect((await findUserByEmail(h.db, payload.email))!.passwordHash).toMatch(/^\$argon2id\$/);
    const again = await post('/auth/login', { email: payload.email, password: payload.password });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 SERVER_BUSY with Retry-After when the hashing line is full, and signs in after', async () => {
    const { payload } = await registerUser(h.app);
    const ctx = h.app.appContext;
    const usual = ctx.passwords;
    // One slot, no waiting room, and a slow hash holding the slot.
    ctx.passwords = new PasswordHasher({
      memoryKiB: 65_536,
      timeCost: 4,
      concurrency: 1,
      queueLimit: 0,
    });
    try {
      const holding = ctx.passwords.hash('holds the only slot');
      const res = await post('/auth/login', { email: payload.email, password: payload.password });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: API_ERRORS.serverBusy, code: 'SERVER_BUSY' });
      await holding;
      const after = await post('/auth/login', { email: payload.email, password: payload.password });
      expect(after.statusCode).toBe(200);
    } finally {
      ctx.passwords = usual;
    }
  });

  it.each([
    [{ email: '' }, VALIDATION_MESSAGES.emailRequired],
    [{ email: 'x@y' }, VALIDATION_MESSAGES.emailInvalid],
    [{ password: '' }, VALIDATION_MESSAGES.passwordRequired],
  ])('validates %j → "%s"', async (change, message) => {
    const res = await post('/auth/login', { email: 'a@b.co', password: 'x', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
  });

  it.each([
    ['SUSPENDED', API_ERRORS.accountSuspended],
    ['INACTIVE', API_ERRORS.accountInactive],
  ] as const)(
    'refuses a %s account, and its existing token stops working at once',
    async (status, message) => {
      const user = await registerUser(h.app);
      await updateUser(h.db, user.user.id, { status });
      const res = await post('/auth/login', {
        email: user.payload.email,
        password: user.payload.password,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: message });
      const me = await h.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: user.headers,
      });
      expect(me.statusCode).toBe(403);
    },
  );

  it('gives a longer session with remember_me', async () => {
    const { payload } = await registerUser(h.app);
    const short = authResponseSchema.parse(
      (await post('/auth/login', { ...payload, remember_me: false })).json(),
    );
    const long = authResponseSchema.parse(
      (await post('/auth/login', { ...payload, remember_me: true })).json(),
    );
    const hours = (iso: string) => (Date.parse(iso) - Date.now()) / 3_600_000;
    expect(hours(short.expires_at)).toBeCloseTo(24, 0);
    expect(hours(long.expires_at)).toBeCloseTo(30 * 24, 0);
  });
});

describe('GET /auth/me and bearer tokens', () => {
  const me = (token?: string) =>
    h.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers the signed-in user', async () => {
    const user = await registerUser(h.app);
    const res = await me(user.token);
    expect(res.statusCode).toBe(200);
    expect(userResponseSchema.parse(res.json()).user.id).toBe(user.user.id);
  });

  it('answers 401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: API_ERRORS.authRequired });
  });

  it('refuses tampered, unsigned, wrongly signed, expired and wrong-audience tokens with 401', async () => {
    const user = await registerUser(h.app);
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const secret = new TextEncoder().encode(h.config.jwtSecret);
    const tokens = new TokenService(h.config.jwtSecret);

    const badSignature = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'BB' : 'AA'}`;
    const otherUser = `${header}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const expired = (await tokens.sign('session', user.user.id, -60_000)).token;
    const downloadToken = (await tokens.sign('download', user.user.id, 60_000)).token;

    for (const token of [
      badSignature,
      otherUser,
      algNone,
      hs512,
      otherSecret,
      expired,
      downloadToken,
      'garbage',
    ]) {
      const res = await me(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toMatchObject({ error: API_ERRORS.invalidToken });
    }
  });
});
