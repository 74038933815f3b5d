/**
 * Account security in a real browser with the e-mails the server writes to its outbox —
 * forgot and reset password, change password, change e-mail with confirmation, and verification.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '../fixtures/test';
import { FORGOT_PASSWORD_MESSAGE } from '@flockr/contract';
import { apiRegister, signIn, uniqueUser } from '../fixtures/api';
import { apiLogin } from '../fixtures/admin';
import { findMails, linkIn, waitForMail } from '../fixtures/mail';

const NEW_PASSWORD = 'Fresh!Passw0rd-42';

/** The read-only Email field of the profile's Account Information card. */
const profileEmail = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });

test('forgot password: the e-mailed link resets it, ends the old session, and works once', async ({
  page,
  browser,
  request,
}) => {
  const user = await apiRegister(request, 'forgot');
  // The user is signed in here (e.g. on another device) before the reset.
  await signIn(page, user.auth, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(other).toHaveURL(/\/forgot-password$/);
  // The address changes as the navigation starts; the sign-in page, with its own Email field,
  // stays on screen until the next page's code is in.
  await expect(other.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  const notice = other.getByRole('status').filter({ hasText: 'If an account exists' });

  // The same notice for an address nobody has...
  const nobody = `nobody${randomBytes(4).toString('hex')}@example.com`;
  await other.getByLabel('Email').fill(nobody);
  await other.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(notice).toHaveText(FORGOT_PASSWORD_MESSAGE);
  // ...and for the user's own.
  await other.getByLabel('Email').fill(user.email);
  await expect(notice).toHaveCount(0);
  await other.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(notice).toHaveText(FORGOT_PASSWORD_MESSAGE);

  const mail = await waitForMail(user.email, 'Reset your password');
  expect(await findMails(nobody, '')).toHaveLength(0);
  const link = linkIn(mail, '/reset-password');
  expect(link).toMatch(/^\/reset-password\?token=.+/);

  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // A password that meets the rules but is among the most common ones is refused...
  await other.getByRole('textbox', { name: 'New password' }).fill('Password123');
  await other.getByRole('button', { name: 'Reset Password' }).click();
  await expect(other.getByRole('alert')).toContainText(
    'This password is too common. Please choose another one',
  );
  // ...and the link still works for a good one.
  await other.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    other.getByRole('status').filter({ hasText: 'Your password was changed' }),
  ).toBeVisible();
  await expect(other.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

  // The old session is over: its token is refused and the profile page signs it out.
  expect((await request.get('/api/v1/auth/me', { headers: user.headers })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();

  // The old password is refused, the new one works.
  await other.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(other).toHaveURL(/\/login$/);
  await other.getByLabel('Email').fill(user.email);
  await other.getByLabel('Password', { exact: true }).fill(user.password);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.getByRole('alert')).toContainText('Invalid email or password');
  await other.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.getByRole('button', { name: user.username })).toBeVisible();
  await expect(other).not.toHaveURL(/\/login/);
  await context.close();

  // The link is single use.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password' }).fill('Another!Passw0rd-43');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This reset link has already been used. Please ask for a new one',
  );
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible();
});

test('change password from /profile signs out the other sessions only', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'chpass');
  const second = await apiLogin(request, user.email, user.password);
  expect((await request.get('/api/v1/auth/me', { headers: second.headers })).status()).toBe(200);

  await signIn(page, user.auth, '/profile');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText('Your password was changed. Other devices were signed out.'),
  ).toBeVisible();

  // The other session is over; this one stays signed in.
  expect((await request.get('/api/v1/auth/me', { headers: second.headers })).status()).toBe(401);
  expect((await request.get('/api/v1/auth/me', { headers: user.headers })).status()).toBe(200);
  const meAfterReload = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/me'));
  await page.reload();
  expect((await meAfterReload).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(profileEmail(page)).toHaveValue(user.email);

  // The old password no longer signs in; the new one does.
  expect(
    (
      await request.post('/api/v1/auth/login', {
        data: { email: user.email, password: user.password },
      })
    ).status(),
  ).toBe(401);
  const fresh = await apiLogin(request, user.email, NEW_PASSWORD);
  expect(fresh.auth.user.email).toBe(user.email);
  await waitForMail(user.email, 'Your password was changed');
});

test('update email: the address changes only once the link sent to the new address is opened', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'chmail');
  const newEmail = uniqueUser('newmail').email;

  await signIn(page, user.auth, '/profile');
  await expect(profileEmail(page)).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Update Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Email' });
  await expect(dialog).toContainText(user.email);
  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `We sent a confirmation link to ${newEmail}. Your address changes when you open it.`,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // Nothing changes until the link is opened.
  await expect(profileEmail(page)).toHaveValue(user.email);
  await page.reload();
  await expect(profileEmail(page)).toHaveValue(user.email);
  const meBefore = await request.get('/api/v1/auth/me', { headers: user.headers });
  expect((await meBefore.json()).user.email).toBe(user.email);
  await waitForMail(user.email, 'Your e-mail address is being changed');

  const confirm = await waitForMail(newEmail, 'Confirm your new e-mail address');
  const link = linkIn(confirm, '/confirm-email');
  await page.goto(link);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is now' }),
  ).toHaveText(`Your e-mail address is now ${newEmail}.`);
  await page.getByRole('link', { name: 'Go to Profile' }).click();
  await expect(profileEmail(page)).toHaveValue(newEmail);
  await page.reload();
  await expect(profileEmail(page)).toHaveValue(newEmail);

  // The old address is told about the change.
  const notice = await waitForMail(user.email, 'Your e-mail address was changed');
  expect(notice.text).toContain(newEmail);
  // The new address signs in; the old one no longer does.
  expect(
    (
      await request.post('/api/v1/auth/login', {
        data: { email: newEmail, password: user.password },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post('/api/v1/auth/login', {
        data: { email: user.email, password: user.password },
      })
    ).status(),
  ).toBe(401);
});

test('a new user sees the verification banner until the e-mailed link is opened', async ({
  page,
}) => {
  const visitor = uniqueUser('verify');
  await page.goto('/register');
  await page.getByLabel('Username').fill(visitor.username);
  await page.getByLabel('Email').fill(visitor.email);
  await page.getByLabel('Password', { exact: true }).fill(visitor.password);
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: visitor.username })).toBeVisible();

  const banner = page.getByRole('region', { name: 'E-mail confirmation' });
  await expect(banner).toContainText(
    `Please confirm your e-mail address. We sent a link to ${visitor.email}.`,
  );
  await expect(banner.getByRole('button', { name: 'Resend email' })).toBeVisible();

  const mail = await waitForMail(visitor.email, 'Confirm your e-mail address');
  const link = linkIn(mail, '/verify-email');
  expect(link).toMatch(/^\/verify-email\?token=.+/);
  await page.goto(link);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
