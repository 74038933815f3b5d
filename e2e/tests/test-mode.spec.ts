/**
 * Test mode is unmistakable (docs/billing.md "Test mode"): the end-to-end server runs the sandbox,
 * so payments are in test mode, and every page says so — the public pages in the server's HTML
 * (read with JavaScript off), buyer pages, the sandbox's payment page — and a test order says it
 * is one. The admin's side is in test-mode.admin.spec.ts.
 */
import { TEST_MODE_BANNER } from '@flockr/contract';
import { expect, test, type Page } from '../fixtures/test';
import { apiPay } from '../fixtures/admin';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';

/** The test-mode banner of `page`. */
const bannerOf = (page: Page) => page.getByRole('status').filter({ hasText: TEST_MODE_BANNER });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page says test mode in the HTML the server sends, at the very top', async ({
    page,
  }) => {
    for (const path of ['/', '/plans', '/changelog', '/support', '/login', '/register']) {
      await page.goto(path);
      const banner = bannerOf(page);
      await expect(banner, path).toBeVisible();
      const box = (await banner.boundingBox())!;
      expect(box.y, path).toBe(0);
      expect(box.height, `${path}: one slim line`).toBeLessThanOrEqual(40);
      // Above the header, not over it.
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.y, path).toBeGreaterThanOrEqual(box.y + box.height - 1);
    }
  });
});

test('a phone gets the banner on one line, above the header', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/plans');
  const box = (await bannerOf(page).boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(34);
  await context.close();
});

test('buyer pages and the sandbox payment page say test mode; a test order says it is one', async ({
  page,
  request,
}) => {
  const buyer = await apiRegister(request, 'testmode');
  const { paymentUrl } = await apiOrder(request, buyer.headers);
  await apiPay(request, buyer.headers, paymentUrl);
  await signIn(page, buyer.auth, '/orders');
  await expect(bannerOf(page)).toBeVisible();
  const order = page.getByRole('listitem').filter({ hasText: 'Completed' }).first();
  await expect(order.getByText(/^test$/i)).toBeVisible();

  const next = await apiOrder(request, buyer.headers, 'PRO+');
  await page.goto(new URL(next.paymentUrl).pathname);
  await expect(bannerOf(page)).toBeVisible();
});
