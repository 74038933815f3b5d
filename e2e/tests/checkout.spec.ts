/**
 * Paying, as a buyer walks it: the checkout shows the server's quote ("Pay $19.99", plan, period,
 * what happens next, the seller and whether tax is included); the payment tab opens on the click
 * (and, when the browser blocks it, the payment page opens in the same tab); after paying, a
 * thank-you page with the next steps. Subscribers see Extend, Upgrade with the days converted, and
 * when a lower plan would start. On a phone the order page leads with Pay Now. Screenshots at
 * 1280 and 375 px, light and dark, go to artifacts/screenshots/checkout/, each checked with axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures/test';
import type { QuoteResponse } from '@flockr/contract';
import { apiPay } from '../fixtures/admin';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';
import { apiSubscribedUser, expectNoSidewaysOverflow } from './journeys-helpers';

const SHOTS = 'artifacts/screenshots/checkout';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** No serious or critical axe violation on the page as it is now. */
async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    what,
  ).toEqual([]);
}

/**
 * Screenshots `page` as `name` in light and dark (back to light after), each checked with axe
 * and for sideways overflow; `fullPage` false for dialogs.
 */
async function shoot(page: Page, name: string, fullPage = true) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Let the colour transition settle before the picture.
    await page.waitForTimeout(250);
    await expectNoSidewaysOverflow(page, `${name} is wider than the window`);
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage });
    await expectAxeClean(page, `${name} (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('checkout', () => {
  // Whole journeys with several screenshots and axe audits each.
  test.describe.configure({ timeout: 120_000 });
  test('a new buyer checks out, pays in the tab opened on the click, and lands on the thank-you page', async ({
    page,
    context,
    request,
  }) => {
    const user = await apiRegister(request, 'checkout');
    await page.setViewportSize(DESKTOP);
    await signIn(page, user.auth, '/plans');

    // Seller and tax next to the prices; the yearly price's per-month equivalent, once.
    await expect(page.getByText(/Sold by Flockr, 1 Example Street/).first()).toBeVisible();
    await expect(page.getByText('Prices include all taxes.').first()).toBeVisible();
    await page.getByRole('radio', { name: /Yearly/ }).check();
    const proCard = page.getByRole('article', { name: 'PRO', exact: true });
    await expect(proCard.getByText('$16.67/month, billed yearly')).toHaveCount(1);
    await shoot(page, 'plans-yearly-desktop');
    await page.getByRole('radio', { name: /Monthly/ }).check();

    await proCard.getByRole('button', { name: 'Choose PRO' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout: PRO' });
    const pay = dialog.getByRole('button', { name: 'Pay $19.99' });
    await expect(pay).toBeEnabled();
    await expect(dialog).toContainText('Monthly (1 month)');
    await expect(dialog).toContainText('PRO starts as soon as you pay and runs for 1 month');
    await expect(dialog).toContainText(
      'The secure payment page opens in a new tab, or in this one if your browser blocks new tabs.',
    );
    await expect(dialog).toContainText('Sold by Flockr, 1 Example Street');
    await shoot(page, 'checkout-dialog-desktop', false);

    const popupPromise = context.waitForEvent('page');
    await pay.click();
    const checkout = await popupPromise;
    await expect(checkout).toHaveURL(/\/sandbox\/checkout\/sbx_/);
    await expect(checkout.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
    await expect(checkout.getByText(/Sold by Flockr, 1 Example Street/)).toBeVisible();
    await expect(checkout.getByText('Prices include all taxes.')).toBeVisible();

    // This tab follows the order while the other one pays.
    await expect(page).toHaveURL(/\/thank-you\/[0-9a-f]{8}$/);
    const ref = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Finish your payment' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open payment page' })).toBeVisible();
    await shoot(page, 'thank-you-waiting-desktop');

    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    // The payment page returns to the same thank-you page.
    await expect(checkout.getByRole('link', { name: 'Return to Flockr' })).toHaveAttribute(
      'href',
      new RegExp(`/thank-you/${ref}$`),
    );
    await checkout.close();

    await page.bringToFront();
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
    await expect(page.getByText(/Your PRO plan is active, paid through/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next steps' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Flockr' })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await shoot(page, 'thank-you-paid-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'thank-you-paid-phone');
  });

  test('when the browser blocks the new tab, the payment page opens in this tab and comes back', async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const user = await apiRegister(request, 'blocked');
    await page.setViewportSize(PHONE);
    await signIn(page, user.auth, '/plans');
    await page
      .getByRole('article', { name: 'PRO+', exact: true })
      .getByRole('button', { name: 'Choose PRO+' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Checkout: PRO+' });
    await expect(dialog.getByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
    await shoot(page, 'checkout-dialog-phone', false);
    await dialog.getByRole('button', { name: 'Pay $49.99' }).click();

    await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
    await shoot(page, 'sandbox-page-phone');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('link', { name: 'Return to Flockr' }).click();
    await expect(page).toHaveURL(/\/thank-you\/[0-9a-f]{8}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase' })).toBeVisible();
    await expect(page.getByText(/Your PRO\+ plan is active/)).toBeVisible();
  });

  test('a subscriber sees Extend, Upgrade with the days converted as the server will, and when a lower plan starts', async ({
    page,
    request,
  }) => {
    const user = await apiSubscribedUser(request, 'upgrader');
    await page.setViewportSize(DESKTOP);
    await signIn(page, user.auth, '/plans');
    const pro = page.getByRole('article', { name: 'PRO', exact: true });
    const plus = page.getByRole('article', { name: 'PRO+', exact: true });
    await expect(pro.getByRole('button', { name: 'Extend PRO' })).toBeVisible();
    await expect(pro.getByText('Current plan', { exact: true }).first()).toBeVisible();
    await expect(plus.getByRole('button', { name: 'Upgrade to PRO+' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose PRO/ })).toHaveCount(0);
    await shoot(page, 'plans-subscriber-desktop');

    // The quote the server gives, as the dialog must show it.
    const plans = (await (await request.get('/api/v1/subscriptions/plans')).json()) as {
      plans: { id: string; name: string }[];
    };
    const plusId = plans.plans.find((p) => p.name === 'PRO+')!.id;
    const quote = (await (
      await request.get(`/api/v1/subscriptions/quote?plan_id=${plusId}&duration_months=1`, {
        headers: user.headers,
      })
    ).json()) as QuoteResponse;
    expect(quote.change).toBe('UPGRADE');
    const days = Math.round(quote.carried_over_seconds / 86_400);

    await plus.getByRole('button', { name: 'Upgrade to PRO+' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to PRO+' });
    await expect(dialog.getByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
    await expect(dialog).toContainText('PRO+ starts as soon as you pay.');
    await expect(dialog).toContainText(/The (30|31|28|29) days left on PRO are converted/);
    await expect(dialog).toContainText(`into ${days} days of PRO+`);
    await shoot(page, 'checkout-upgrade-desktop', false);
    await page.setViewportSize(PHONE);
    await shoot(page, 'checkout-upgrade-phone', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // After upgrading (paid through the API), PRO is the lower plan: it says when it would start.
    const { paymentUrl } = await apiOrder(request, user.headers, 'PRO+');
    await apiPay(request, user.headers, paymentUrl);
    await page.reload();
    await expect(plus.getByRole('button', { name: 'Extend PRO+' })).toBeVisible();
    await expect(pro.getByRole('button', { name: 'Switch to PRO' })).toBeVisible();
    await expect(pro.getByText(/^Starts .+, when your current plan ends\.$/)).toBeVisible();
    await shoot(page, 'plans-downgrade-phone');
  });

  test('on a phone the order page leads with Pay Now; the QR code is folded away below', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'phoneorder');
    await apiOrder(request, user.headers, 'PRO');
    await page.setViewportSize(PHONE);
    await signIn(page, user.auth, '/orders');
    const row = page.getByRole('listitem').filter({ hasText: 'Pending' }).first();
    const payNow = row.getByRole('link', { name: 'Pay Now' });
    await expect(payNow).toBeVisible();
    await expect(row.getByRole('img', { name: /QR code to pay order #[0-9a-f]{8}$/ })).toBeHidden();
    const summary = row.getByText('Pay on another device (QR code)');
    await expect(summary).toBeVisible();
    const payBox = await payNow.boundingBox();
    const summaryBox = await summary.boundingBox();
    expect(payBox!.y).toBeLessThan(summaryBox!.y);
    await shoot(page, 'orders-pending-phone');
    await summary.click();
    await expect(row.getByRole('img', { name: /on another device/ })).toBeVisible();

    await page.setViewportSize(DESKTOP);
    await expect(
      row.getByRole('img', { name: /QR code to pay order #[0-9a-f]{8}$/ }),
    ).toBeVisible();
    await shoot(page, 'orders-pending-desktop');
  });

  test('the legal pages name the seller', async ({ page }) => {
    for (const route of ['/terms', '/privacy']) {
      await page.goto(route);
      await expect(page.getByText(/Sold by Flockr, 1 Example Street/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'support@flockr.example' }).last()).toBeVisible();
    }
    await page.setViewportSize(PHONE);
    await shoot(page, 'privacy-phone');
  });
});
