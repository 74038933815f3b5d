/**
 * The product's backbone in a real browser — register, choose PRO monthly, pay on the
 * sandbox page, see the order COMPLETED, download, and get the seeded artifact byte for byte.
 */
import { expect, test } from '../fixtures/test';
import {
  apiOrder,
  apiRegister,
  seededArtifact,
  sha256File,
  signIn,
  uniqueUser,
} from '../fixtures/api';

test('a new visitor registers, buys PRO monthly, pays, and downloads the program intact', async ({
  page,
  context,
}) => {
  const visitor = uniqueUser('buyer');
  await page.goto('/register');
  await page.getByLabel('Username').fill(visitor.username);
  await page.getByLabel('Email').fill(visitor.email);
  await page.getByLabel('Password', { exact: true }).fill(visitor.password);
  await expect(page.getByText('Strong')).toBeVisible();
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByRole('heading', { name: `Welcome to Flockr, ${visitor.username}!` }),
  ).toBeVisible();
  // A plain sign-up lands on the plans, where a new customer can act.
  await expect(page).toHaveURL(/\/plans$/, { timeout: 5_000 });

  await page.goto('/plans');
  await page.getByRole('button', { name: 'Choose PRO', exact: true }).click();
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('dialog').getByRole('button', { name: 'Pay $19.99' }).click();
  const checkout = await popupPromise;
  await expect(checkout).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(checkout.getByText('$19.99').first()).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(checkout.getByText('Payment successful')).toBeVisible();
  await checkout.close();

  await page.goto('/orders');
  await expect(page.getByText('COMPLETED').first()).toBeVisible();
  await expect(page.getByText('PRO').first()).toBeVisible();

  await page.goto('/');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('main').getByRole('button', { name: 'Download Now' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('flockr-v1.1.0.zip');
  const saved = test.info().outputPath('downloaded.zip');
  await download.saveAs(saved);
  expect(await sha256File(saved)).toBe(
    await sha256File(seededArtifact('1.1.0', 'flockr-v1.1.0.zip')),
  );
});

test('a registered user without a subscription who clicks download is told a subscription is required', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'nosub');
  await signIn(page, user.auth, '/');
  await page.getByRole('main').getByRole('button', { name: 'Download Now' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Active subscription required to download' }),
  ).toBeVisible();
});

test("the payment page works on another device by its link alone, and shows none of the buyer's data", async ({
  browser,
  page,
  request,
}) => {
  const first = await apiRegister(request, 'first');
  const { orderId, paymentUrl } = await apiOrder(request, first.headers);
  const second = await apiRegister(request, 'second');

  // Someone else can neither re-open the order's checkout nor read its status.
  const create = await request.post('/api/v1/payments/create', {
    headers: second.headers,
    data: { order_id: orderId },
  });
  expect(create.status()).toBe(404);
  const peek = await request.get(`/api/v1/payments/orders/${orderId}/status`, {
    headers: second.headers,
  });
  expect(peek.status()).toBe(404);

  // A guessed session id is not found.
  await page.goto('/sandbox/checkout/sbx_guessed-session-id');
  await expect(page.getByText('Payment not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

  // A phone that scanned the QR code: a fresh browser, nobody signed in.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const mobile = await phone.newPage();
  await mobile.goto(new URL(paymentUrl).pathname);
  await expect(mobile.getByText(`#${orderId.slice(-8)}`)).toBeVisible();
  await expect(mobile.getByText(first.auth.user.email)).toHaveCount(0);
  await mobile.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(mobile.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await phone.close();

  const status = await request.get(`/api/v1/payments/orders/${orderId}/status`, {
    headers: first.headers,
  });
  expect((await status.json()).status).toBe('COMPLETED');
});
