/**
 * The admin's side of test mode (docs/billing.md "Test mode"): the admin shell says test mode,
 * the dashboard shows the test orders apart from the figures with Clear test data, whose
 * confirmation says what goes and what stays, and the orders list marks test orders. The clearing
 * itself is proved against a real database in apps/api (admin/test-data.test.ts); confirming it
 * here would remove the orders the other journeys of this run are using.
 */
import { TEST_MODE_BANNER } from '@flockr/contract';
import { expect, test } from '../fixtures/test';
import { adminLogin, apiPay, openAdminTab } from '../fixtures/admin';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';

test('the admin sees test mode, the test orders apart, and what clearing them would do', async ({
  page,
  request,
}) => {
  const buyer = await apiRegister(request, 'testmodeadm');
  const { paymentUrl } = await apiOrder(request, buyer.headers);
  await apiPay(request, buyer.headers, paymentUrl);
  const { auth } = await adminLogin(request);
  await signIn(page, auth, '/admin');

  await expect(page.getByRole('status').filter({ hasText: TEST_MODE_BANNER })).toBeVisible();
  const line = page.getByRole('region', { name: 'Test mode: payments take no real money' });
  await expect(line).toContainText(/\d+ test orders? \(\d+ completed\)/);
  await expect(line).toContainText('not counted in any figure here');

  await line.getByRole('button', { name: 'Clear test data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear test data?' });
  await expect(dialog).toContainText('test order');
  await expect(dialog).toContainText(
    'Live orders, revenue, accounts, downloads and the audit trail are not touched.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const orders = await openAdminTab(page, 'Orders');
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill(buyer.username);
  const row = orders.getByRole('row').filter({ hasText: buyer.username });
  await expect(row.getByText(/^test$/i)).toBeVisible();
});
