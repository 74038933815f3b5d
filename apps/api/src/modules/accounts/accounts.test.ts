import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, FORGOT_PASSWORD_MESSAGE, authResponseSchema } from '@flockr/contract';
import { orders, userTokens, users } from '../../db/schema.js';
import {
  createHarness,
  orderAndCheckout,
  registerUser,
  signIn,
  type Harness,
} from '../../test/harness.js';
import { linkIn, startSmtp, type TestInbox } from '../../test/smtp.js';

let h: Harness;
let inbox: TestInbox;

beforeAll(async () => {
  inbox = await startSmtp();
  h = await createHarness({
    smtpUrl: inbox.url,
    productName: 'Flockr',
    supportEmail: 'help@flockr.test',
  });
});
afterAll(async () => {
  await h.close();
  await inbox.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const me = (headers: Record<string, string>) =>
  h.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
const NEW_PASSWORD = 'N3w!Passphrase';

describe('e-mail', () => {
  it('sends a verification e-mail at registration with a text and an HTML part, the product name and the support address', async () => {
    const user = await registerUser(h.app);
    const mail = await inbox.waitFor(user.payload.email, /Confirm your e-mail/);
    expect(mail.text).toContain('Flockr');
    expect(mail.text).toContain('help@flockr.test');
    expect(mail.html).toContain('help@flockr.test');
    expect(mail.html).toContain('<a href="http://localhost:3000/verify-email?token=');
    expect(user.user.email_verified).toBe(false);

    const token = new URL(linkIn(mail, 'http://localhost:3000/verify-email')).searchParams.get(
      'token',
    )!;
    const ok = await post('/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect((await me(user.headers)).json().user.email_verified).toBe(true);
    const again = await post('/auth/verify-email', { token });
    expect(again.json()).toMatchObject({ error: API_ERRORS.verifyLinkUsed });
    const resend = await post('/auth/resend-verification', {}, user.headers);
    expect(resend.statusCode).toBe(409);
  });
});

describe('forgot and reset password', () => {
  it('answers the same status and body for an existing and an unknown address, and mails only the existing one', async () => {
    const user = await registerUser(h.app);
    const known = await post('/auth/forgot-password', { email: user.payload.email });
    const unknown = await post('/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await inbox.waitFor(user.payload.email, /Reset your password/);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.to('nobody-here@example.com')).toEqual([]);
  });

  it('uses a random token of 256 bits stored only as its hash, single use, ending every session', async () => {
    const user = await registerUser(h.app);
    const otherSession = await signIn(h.app, user.payload);
    await post('/auth/forgot-password', { email: user.payload.email });
    const mail = await inbox.waitFor(user.payload.email, /Reset your password/);
    const token = new URL(linkIn(mail, 'http://localhost:3000/reset-password')).searchParams.get(
      'token',
    )!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await h.db.select().from(userTokens).where(eq(userTokens.userId, user.user.id));
    expect(
      stored.some((t) => t.tokenHash === createHash('sha256').update(token).digest('hex')),
    ).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);

    const weak = await post('/auth/reset-password', { token, password: 'short' });
    expect(weak.json()).toMatchObject({ error: 'Password does not meet requirements' });
    const common = await post('/auth/reset-password', { token, password: 'Password123' });
    expect(common.json()).toMatchObject({ error: API_ERRORS.passwordTooCommon });

    const reset = await post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(otherSession)).statusCode).toBe(401);
    expect(
      (await post('/auth/login', { email: user.payload.email, password: user.payload.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/login', { email: user.payload.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    await inbox.waitFor(user.payload.email, /Your password was changed/);

    const reuse = await post('/auth/reset-password', { token, password: 'An0ther!Passphrase' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: API_ERRORS.resetLinkUsed });
  });

  it('refuses a link older than one hour and an unknown one', async () => {
    const user = await registerUser(h.app);
    await post('/auth/forgot-password', { email: user.payload.email });
    const mail = await inbox.waitFor(user.payload.email, /Reset your password/);
    const token = new URL(linkIn(mail, 'http://localhost:3000/reset-password')).searchParams.get(
      'token',
    )!;
    h.clock.advance(60 * 60_000 + 1_000);
    try {
      const expired = await post('/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(expired.json()).toMatchObject({ error: API_ERRORS.resetLinkExpired });
    } finally {
      h.clock.reset();
    }
    const unknown = await post('/auth/reset-password', {
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(unknown.json()).toMatchObject({ error: API_ERRORS.resetLinkInvalid });
  });
});

describe('sessions', () => {
  it('Sign Out ends the session on the server', async () => {
    const user = await registerUser(h.app);
    const other = await signIn(h.app, user.payload);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: user.headers,
    });
    expect(out.statusCode).toBe(204);
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('a password change needs the current password and ends every other session', async () => {
    const user = await registerUser(h.app);
    const other = await signIn(h.app, user.payload);
    const wrong = await post(
      '/auth/change-password',
      { current_password: 'Wr0ng!pass', new_password: NEW_PASSWORD },
      user.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: API_ERRORS.currentPasswordWrong });
    const same = await post(
      '/auth/change-password',
      { current_password: user.payload.password, new_password: user.payload.password },
      user.headers,
    );
    expect(same.json()).toMatchObject({ error: API_ERRORS.passwordUnchanged });
    const ok = await post(
      '/auth/change-password',
      { current_password: user.payload.password, new_password: NEW_PASSWORD },
      user.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await inbox.waitFor(user.payload.email, /Your password was changed/);
  });
});

describe('passwords', () => {
  it('refuses the most common passwords even when they meet the rules', async () => {
    for (const password of ['Password123', 'Passw0rd', 'Qwerty123']) {
      const res = await post('/auth/register', {
        username: `pw${Math.random().toString(36).slice(2, 10)}`,
        email: `${Math.random().toString(36).slice(2)}@example.com`,
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ error: API_ERRORS.passwordTooCommon });
    }
  });
});

describe('update e-mail', () => {
  it('changes the address only when the link sent to the new one is opened, and tells the old one', async () => {
    const user = await registerUser(h.app);
    const newEmail = `new-${user.payload.email}`;
    const wrong = await post(
      '/auth/change-email',
      { new_email: newEmail, password: 'Wr0ng!pass' },
      user.headers,
    );
    expect(wrong.statusCode).toBe(400);
    const res = await post(
      '/auth/change-email',
      { new_email: newEmail, password: user.payload.password },
      user.headers,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(user.headers)).json().user.email).toBe(user.payload.email);
    await inbox.waitFor(user.payload.email, /is being changed/);
    const mail = await inbox.waitFor(newEmail, /Confirm your new e-mail/);
    const token = new URL(linkIn(mail, 'http://localhost:3000/confirm-email')).searchParams.get(
      'token',
    )!;
    expect((await post('/auth/confirm-email', { token })).statusCode).toBe(200);
    expect((await me(user.headers)).json().user).toMatchObject({
      email: newEmail,
      email_verified: true,
    });
    await inbox.waitFor(user.payload.email, /was changed/);
    expect(
      (await post('/auth/login', { email: newEmail, password: user.payload.password })).statusCode,
    ).toBe(200);
    expect((await post('/auth/confirm-email', { token })).json()).toEqual({
      error: API_ERRORS.verifyLinkUsed,
      code: 'VERIFY_LINK_USED',
    });
  });
});

describe('delete account', () => {
  it('removes personal data, ends sessions and keeps the orders without personal data', async () => {
    const user = await registerUser(h.app, 'leaver');
    const { orderId } = await orderAndCheckout(h.app, user.headers);
    const wrong = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/account',
      headers: user.headers,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/account',
      headers: user.headers,
      payload: { password: user.payload.password },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(user.headers)).statusCode).toBe(401);
    expect(
      (await post('/auth/login', { email: user.payload.email, password: user.payload.password }))
        .statusCode,
    ).toBe(401);

    const [row] = await h.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(user.payload.username);
    expect(JSON.stringify(row)).not.toContain(user.payload.email);
    expect(row!.country).toBeNull();
    expect(
      await h.db
        .select()
        .from(users)
        .where(like(users.email, `%${user.payload.username}%`)),
    ).toEqual([]);
    const [order] = await h.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: user.user.id, amountMinor: 1999 });
    await inbox.waitFor(user.payload.email, /account was deleted/);
    // The freed address can be used again.
    const again = await post('/auth/register', {
      username: `${user.payload.username}x`,
      email: user.payload.email,
      password: user.payload.password,
    });
    expect(authResponseSchema.parse(again.json()).user.email).toBe(user.payload.email);
  });
});
