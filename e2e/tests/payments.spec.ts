/**
 * Paying in a real browser — the checkout, the sandbox payment page in a new tab, pages that notice the
 * payment by themselves, orders that can no longer be paid, a cancelled checkout, and cancelling
 * a subscription at period end and resuming it.
 */
import { expect, test, type Page } from '../fixtures/test';
import type { MySubscriptionsResponse, OrdersResponse } from '@flockr/contract';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';
import { adminLogin, apiPay, sessionIdOf } from '../fixtures/admin';

/** Marks the current document so a later check can tell whether the page was reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

/** True while `page` still shows the document marked by {@link markDocument}. */
function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

/** The row of order `orderId` on /orders. */
function orderRow(page: Page, orderId: string) {
  return page.getByRole('listitem').filter({ hasText: `#${orderId.slice(-8)}` });
}

test('a user buys PRO, pays in the new tab, and both open pages show it Completed without reloading', async ({
  page,
  context,
  request,
}) => {
  const user = await apiRegister(request, 'payer');
  await signIn(page, user.auth, '/plans');
  await markDocument(page);

  await page.getByRole('button', { name: 'Choose PRO', exact: true }).click();
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('dialog').getByRole('button', { name: 'Pay $19.99' }).click();
  const checkout = await popupPromise;
  await expect(checkout).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await expect(checkout.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Finish your payment' })).toBeVisible();
  const { orders } = (await (
    await request.get('/api/v1/payments/orders', { headers: user.headers })
  ).json()) as OrdersResponse;
  expect(orders).toHaveLength(1);
  const orderId = orders[0]!.id;
  expect(orders[0]!.plan_name).toBe('PRO');

  // Order History in a second tab, opened before paying: the order is Pending there.
  const history = await context.newPage();
  await history.goto('/orders');
  const pendingRow = orderRow(history, orderId);
  await expect(pendingRow).toContainText('Pending');
  await expect(pendingRow.getByRole('link', { name: 'Pay Now' })).toBeVisible();
  await markDocument(history);

  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await checkout.close();

  // The thank-you page noticed by itself (it polls the order) and gives the next steps.
  await page.bringToFront();
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
  await expect(page.getByText('Your PRO plan is active', { exact: false })).toBeVisible();

  // The user menu's Order History is an in-app navigation: same document, order Completed.
  await page.getByRole('button', { name: user.username }).click();
  await page.getByRole('menuitem', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const row = orderRow(page, orderId);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('PRO');
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);

  // The second tab turned Completed by itself (it refetches while an order is pending).
  await expect(pendingRow).toContainText('Completed', { timeout: 15_000 });
  await expect(pendingRow.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  expect(await isSameDocument(history)).toBe(true);
});

test('an order the admin cancelled can no longer be paid, and /orders offers no Pay Now', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'cancelled');
  const { orderId, paymentUrl } = await apiOrder(request, user.headers);
  const admin = await adminLogin(request);
  const set = await request.put(`/api/v1/admin/orders/${orderId}/status`, {
    headers: admin.headers,
    data: { status: 'CANCELLED', admin_note: 'Customer asked to cancel' },
  });
  expect(set.status(), await set.text()).toBe(200);

  const create = await request.post('/api/v1/payments/create', {
    headers: user.headers,
    data: { order_id: orderId },
  });
  expect(create.status()).toBe(409);
  expect(await create.json()).toEqual({
    error: 'This order can no longer be paid',
    code: 'ORDER_NOT_PAYABLE',
  });
  const pay = await request.post(
    `/api/v1/payments/sandbox/sessions/${sessionIdOf(paymentUrl)}/pay`,
    { headers: user.headers },
  );
  expect(pay.status()).toBe(409);
  expect(await pay.json()).toEqual({
    error: 'This order can no longer be paid',
    code: 'ORDER_NOT_PAYABLE',
  });
  const status = await request.get(`/api/v1/payments/orders/${orderId}/status`, {
    headers: user.headers,
  });
  expect((await status.json()).status).toBe('CANCELLED');

  await signIn(page, user.auth, '/orders');
  const row = orderRow(page, orderId);
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await expect(row.getByRole('img', { name: /QR code/ })).toHaveCount(0);

  // The old checkout link shows the order's end instead of a Pay button.
  await page.goto(new URL(paymentUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
});

test('cancelling on the sandbox page marks the order Failed and Pay Now disappears', async ({
  page,
  context,
  request,
}) => {
  const user = await apiRegister(request, 'sbxcancel');
  const { orderId } = await apiOrder(request, user.headers);
  await signIn(page, user.auth, '/orders');
  await markDocument(page);
  const row = orderRow(page, orderId);
  await expect(row).toContainText('Pending');

  const popupPromise = context.waitForEvent('page');
  await row.getByRole('link', { name: 'Pay Now' }).click();
  const checkout = await popupPromise;
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await checkout.close();

  await page.bringToFront();
  await expect(row).toContainText('Failed', { timeout: 15_000 });
  await expect(row.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);
  await page.reload();
  await expect(orderRow(page, orderId)).toContainText('Failed');
  await expect(orderRow(page, orderId).getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});

test('a subscriber cancels at period end from /profile, keeps downloading, and resumes', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'resume');
  const { paymentUrl } = await apiOrder(request, user.headers);
  await apiPay(request, user.headers, paymentUrl);

  await signIn(page, user.auth, '/profile');
  const card = page.locator('div.rounded-2xl', {
    has: page.getByRole('heading', { name: 'Current Subscription' }),
  });
  await expect(card).toContainText('PRO');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Paid through .+ · renew any time$/)).toBeVisible();

  await card.getByRole('button', { name: 'Stop Reminders' }).click();
  await expect(
    page.getByText('Renewal reminders are off. Your access lasts until the end of the paid period'),
  ).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Ends \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Stop Reminders' })).toHaveCount(0);

  const mine = (await (
    await request.get('/api/v1/subscriptions/my-subscriptions', { headers: user.headers })
  ).json()) as MySubscriptionsResponse;
  expect(mine.subscription?.status).toBe('CANCELLED');
  // Access continues until the period ends.
  expect((await request.get('/api/v1/downloads/latest', { headers: user.headers })).status()).toBe(
    200,
  );

  await card.getByRole('button', { name: 'Remind Me to Renew' }).click();
  await expect(page.getByText('Renewal reminders are on again')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Stop Reminders' })).toBeVisible();
  await page.reload();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remind Me to Renew' })).toHaveCount(0);
  expect((await request.get('/api/v1/downloads/latest', { headers: user.headers })).status()).toBe(
    200,
  );
});

test('an order past its expiry offers no Pay Now, while a fresh one does', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'late');
  const { orderId } = await apiOrder(request, user.headers);
  const shortId = `#${orderId.slice(-8)}`;

  await signIn(page, user.auth, '/orders');
  const row = page
    .getByRole('main')
    .locator('li, tr, article')
    .filter({ hasText: shortId })
    .first();
  await expect(row.getByRole('link', { name: /Pay Now/ })).toBeVisible();

  // The browser's clock a day and an hour later: the order's payable time (24 h) is over.
  await page.clock.install({ time: new Date(Date.now() + 25 * 3_600_000) });
  await page.reload();
  await expect(page.getByText(shortId)).toBeVisible();
  await expect(row.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);
  await expect(row.getByRole('img', { name: /QR code/ })).toHaveCount(0);
});
