/**
 * The download centre (/downloads), walked as a subscriber would: reached from the user menu, the
 * latest version downloads by default (its SHA-256 on the page matches the saved file), an
 * earlier one on request, both land in the history; on a phone the first offer is to e-mail the
 * link, which arrives and serves the file. Visitors are invited to sign in and come back; users
 * without a plan are led to the plans. After paying, the profile and the order history say the
 * same renewal sentence, and plans, legal pages and the profile's copy agree with what the
 * product does. Screens at 1280 and 375 px, light and dark, with axe.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures/test';
import { PASSWORD, apiRegister, sha256File, signIn } from '../fixtures/api';
import { linkIn, waitForMail } from '../fixtures/mail';
import { apiSubscribedUser, expectNoSidewaysOverflow } from './journeys-helpers';

const SHOTS = 'artifacts/screenshots/download-centre';

/** The newest active version as the API lists it (other specs may publish newer ones). */
async function latestVersion(page: Page, headers: Record<string, string>) {
  const res = await page.request.get('/api/v1/downloads/versions', { headers });
  expect(res.ok()).toBe(true);
  const { versions } = (await res.json()) as {
    versions: { version: string; sha256: string | null }[];
  };
  return versions[0]!;
}

/** Screenshots `name` in light and dark, checking overflow and axe in both. */
async function shootBothThemes(page: Page, name: string) {
  // Toasts fade out after 5 s; axe would catch one half-faded.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  // From the top, so the sticky header sits where a reader sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSidewaysOverflow(page, `${name} sticks out sideways`);
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
      `${name} (${scheme})`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('download centre at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visitor is asked to sign in and comes back to the download centre', async ({
    page,
    request,
  }) => {
    const user = await apiSubscribedUser(request, 'dcvisit');
    await page.goto('/downloads');
    await expect(page.getByText('Please log in to view your downloads')).toBeVisible();
    await shootBothThemes(page, 'desktop-signed-out');
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /^(Login|Sign In|Log In)$/i }).click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(page.getByRole('heading', { name: /^Latest version / })).toBeVisible();
  });

  test('without a plan it says so and leads to the plans', async ({ page, request }) => {
    const user = await apiRegister(request, 'dcnoplan');
    await signIn(page, user.auth, '/downloads');
    await expect(
      page.getByRole('heading', { name: 'Active subscription required to download' }),
    ).toBeVisible();
    await shootBothThemes(page, 'desktop-no-plan');
    await page.getByRole('link', { name: 'View Plans' }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });

  test('a subscriber downloads the latest by default, an earlier version on request, and sees both in the history', async ({
    page,
    request,
  }) => {
    const user = await apiSubscribedUser(request, 'dcdesk');
    const latest = await latestVersion(page, user.headers);
    await signIn(page, user.auth, '/');
    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'Download Centre' }).click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(page.getByRole('heading', { name: 'Download Centre', level: 1 })).toBeVisible();
    const latestCard = page.locator('div.rounded-2xl', {
      has: page.getByRole('heading', { name: `Latest version ${latest.version}` }),
    });
    await expect(latestCard.getByText(latest.sha256!)).toBeVisible();
    await expect(latestCard.getByText('Released')).toBeVisible();
    await expect(page.getByText('No downloads yet.', { exact: false })).toBeVisible();
    await shootBothThemes(page, 'desktop-subscriber');

    const [first] = await Promise.all([
      page.waitForEvent('download'),
      latestCard.getByRole('button', { name: `Download v${latest.version}` }).click(),
    ]);
    expect(first.suggestedFilename()).toBe(`flockr-v${latest.version}.zip`);
    const firstPath = await first.path();
    // The checksum on the page is the saved file's.
    expect(await sha256File(firstPath)).toBe(latest.sha256);
    expect((await readFile(firstPath)).subarray(0, 2).toString()).toBe('PK');

    await expect(page.getByRole('heading', { name: 'Version 1.0.0' })).toBeVisible();
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download flockr-v1.0.0.zip' }).click(),
    ]);
    expect(second.suggestedFilename()).toBe('flockr-v1.0.0.zip');
    await second.path();

    const history = page.locator('div.rounded-2xl', {
      has: page.getByRole('heading', { name: 'Your downloads' }),
    });
    await expect(history.getByText('flockr-v1.0.0.zip')).toBeVisible();
    await expect(history.getByText(`flockr-v${latest.version}.zip`)).toBeVisible();
    await shootBothThemes(page, 'desktop-after-downloads');
  });
});

test.describe('download centre at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('on a phone the link is e-mailed first, arrives, and serves the file', async ({
    page,
    request,
  }) => {
    const user = await apiSubscribedUser(request, 'dcphone');
    const latest = await latestVersion(page, user.headers);
    await signIn(page, user.auth, '/downloads');
    await expect(page.getByText('This is a desktop program.', { exact: false })).toBeVisible();
    const latestCard = page.locator('div.rounded-2xl', {
      has: page.getByRole('heading', { name: `Latest version ${latest.version}` }),
    });
    // E-mail first, downloading here second.
    await expect(latestCard.getByRole('button').first()).toHaveAccessibleName(
      `E-mail me the link to v${latest.version}`,
    );
    await shootBothThemes(page, 'phone-subscriber');

    await latestCard
      .getByRole('button', { name: `E-mail me the link to v${latest.version}` })
      .click();
    const sentText = `We sent a link to flockr-v${latest.version}.zip to ${user.email}. It works for 24 hours.`;
    await expect(latestCard.getByRole('status').filter({ hasText: sentText })).toBeVisible();
    await shootBothThemes(page, 'phone-link-sent');

    const mail = await waitForMail(user.email, `download link for Flockr ${latest.version}`);
    const file = await request.get(linkIn(mail, '/api/v1/downloads/file'));
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toContain(`flockr-v${latest.version}.zip`);

    // The file fetched from the e-mailed link is in the history.
    await page.reload();
    const history = page.locator('div.rounded-2xl', {
      has: page.getByRole('heading', { name: 'Your downloads' }),
    });
    await expect(history.getByText(`flockr-v${latest.version}.zip`)).toBeVisible();
  });

  test('without a plan the phone screen leads to the plans too', async ({ page, request }) => {
    const user = await apiRegister(request, 'dcphonenp');
    await signIn(page, user.auth, '/downloads');
    await expect(
      page.getByRole('heading', { name: 'Active subscription required to download' }),
    ).toBeVisible();
    await shootBothThemes(page, 'phone-no-plan');
  });
});

/** The renewal sentence of an active subscription, e.g. 'Paid through Dec 23, 2026 · renew any time'. */
const PAID_THROUGH = /^Paid through \w{3} \d{1,2}, \d{4} · renew any time$/;

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
]) {
  test.describe(`after paying at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // Whole journeys with screenshots and axe audits in both themes.
    test.describe.configure({ timeout: 120_000 });

    test('profile and orders say one renewal sentence; stopping reminders says when it ends', async ({
      page,
      request,
    }) => {
      const user = await apiSubscribedUser(request, `dcrenew${size.name}`);
      await signIn(page, user.auth, '/orders');
      await expect(page.getByText(/^PRO: Paid through .+ · renew any time$/)).toBeVisible();
      await shootBothThemes(page, `${size.name}-orders-renewal`);

      await page.goto('/profile');
      const card = page.locator('div.rounded-2xl', {
        has: page.getByRole('heading', { name: 'Current Subscription' }),
      });
      await expect(card.getByText(PAID_THROUGH)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/plans');
      // Customers see no role, and no "cannot be edited" beside Update Email.
      const account = page.locator('div.rounded-2xl', {
        has: page.getByRole('heading', { name: 'Account Information' }),
      });
      await expect(account.getByText('Role', { exact: true })).toHaveCount(0);
      await expect(page.getByText(/cannot be edited/)).toHaveCount(0);
      await expect(
        page.getByText('To change it, use Update Email under Security.', { exact: false }),
      ).toBeVisible();
      await shootBothThemes(page, `${size.name}-profile-renewal`);

      await card.getByRole('button', { name: 'Stop Reminders' }).click();
      await expect(card.getByText(/^Ends \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Remind Me to Renew' })).toBeVisible();
      await shootBothThemes(page, `${size.name}-profile-ends`);
    });

    test('plans and legal pages describe what the product does', async ({ page }) => {
      await page.goto('/plans');
      await expect(page.getByText('No automatic renewal')).toBeVisible();
      await expect(page.getByText(/cancel any ?time/i)).toHaveCount(0);
      await page.goto('/privacy');
      await expect(page.getByText(/ticked when you register/)).toBeVisible();
      await expect(page.getByText(/only if you opt in/)).toHaveCount(0);
      await shootBothThemes(page, `${size.name}-privacy`);
      await page.goto('/terms');
      await expect(
        page.getByText(/Subscriptions do not renew or charge you by themselves/),
      ).toBeVisible();
    });
  });
}
