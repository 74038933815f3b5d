/**
 * The seller's health and guardrails in a real browser: business health first on the dashboard;
 * suspending a user and refunding an order each ask for confirmation with the server's preview of
 * what will happen; a price change warns about subscribers and the 30 days' notice; changelog
 * entries and versions are edited, archived and restored (never deleted); the audit log reads as
 * sentences with filters; the public changelog records views. Screens are kept at 1280 and 375 px,
 * light and dark, under artifacts/screenshots/a2/ and checked with axe.
 */
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures/test';
import type {
  AdminChangelogEntry,
  AdminRelease,
  AuditResponse,
  ChangelogResponse,
} from '@flockr/contract';
import { adminLogin, apiPay, openAdminTab } from '../fixtures/admin';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';
import { expectNoSidewaysOverflow } from './journeys-helpers';

// Each screen is checked at two widths in two colour schemes: give the journeys time.
test.describe.configure({ timeout: 300_000 });

const SIZES = [
  { name: '1280', width: 1280, height: 800 },
  { name: '375', width: 375, height: 740 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/**
 * Screenshots the page as it is now at 1280 and 375 px, light and dark, into
 * artifacts/screenshots/a2/<name>-<width>-<scheme>.png, and expects axe to find nothing serious
 * and nothing to stick out sideways. Leaves the page at 1280 px, light.
 */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  // A toast fading out is half transparent: let earlier toasts go first.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      // From the top, so the sticky header sits where it belongs in a full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(150);
      await expectNoSidewaysOverflow(page, `${name} ${size.name} sticks out`);
      await page.screenshot({
        path: `artifacts/screenshots/a2/${name}-${size.name}-${scheme}.png`,
        fullPage,
      });
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
        `${name} ${size.name} ${scheme}`,
      ).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Signs the seeded admin in and opens /admin. */
async function openAdmin(page: Page) {
  const admin = await adminLogin(page.request);
  await signIn(page, admin.auth, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  return admin;
}

test('the public changelog counts a view when it shows an entry', async ({ page, request }) => {
  const admin = await adminLogin(request);
  const entries = async () =>
    (
      (await (await request.get('/api/v1/admin/changelog', { headers: admin.headers })).json()) as {
        changelog_entries: AdminChangelogEntry[];
      }
    ).changelog_entries;
  const latest = ((await (await request.get('/api/v1/changelog')).json()) as ChangelogResponse)
    .changelog[0]!;
  const before = (await entries()).find((e) => e.id === latest.id)!.view_count;
  await page.goto('/changelog');
  await expect(page.getByRole('button', { name: new RegExp(latest.title) })).toBeVisible();
  await expect
    .poll(async () => (await entries()).find((e) => e.id === latest.id)!.view_count, {
      timeout: 10_000,
    })
    .toBe(before + 1);
  // Reloading in the same tab does not count the same reader again.
  await page.reload();
  await page.waitForTimeout(1500);
  expect((await entries()).find((e) => e.id === latest.id)!.view_count).toBe(before + 1);
});

test('business health comes first on the dashboard, with a date range', async ({
  page,
  request,
}) => {
  const buyer = await apiRegister(request, 'health');
  const { paymentUrl } = await apiOrder(request, buyer.headers, 'PRO');
  await apiPay(request, buyer.headers, paymentUrl);
  await openAdmin(page);
  const health = page.getByRole('region', { name: 'Business health' });
  await expect(health.getByText('Revenue in range')).toBeVisible();
  await expect(health.getByRole('heading', { name: 'Revenue by month' })).toBeVisible();
  await expect(health.getByRole('heading', { name: 'Active subscriptions by plan' })).toBeVisible();
  await expect(health.getByText('Orders paid')).toBeVisible();
  await expect(health.getByText('Ending in 7 days')).toBeVisible();
  await shoot(page, 'dashboard');
  await health.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(health.getByRole('table')).toBeVisible();
});

test('suspending a user and refunding an order say what will happen before they happen', async ({
  page,
  request,
}) => {
  const buyer = await apiRegister(request, 'guard');
  const { orderId, paymentUrl } = await apiOrder(request, buyer.headers, 'PRO');
  await apiPay(request, buyer.headers, paymentUrl);
  await openAdmin(page);

  // Users: picking Suspended asks first, with the server's preview.
  const users = await openAdminTab(page, 'Users');
  await users.getByRole('searchbox', { name: 'Search users' }).fill(buyer.username);
  const status = users.getByRole('combobox', { name: `Status of ${buyer.username}` });
  await expect(status).toHaveValue('ACTIVE');
  await status.selectOption('SUSPENDED');
  const confirm = page.getByRole('dialog', { name: `Suspend ${buyer.username}?` });
  await expect(confirm).toContainText('can no longer sign in or download');
  await expect(confirm).toContainText('paid time keeps running');
  await expect(confirm).toContainText('No e-mail is sent.');
  await shoot(page, 'user-suspend-confirm', { fullPage: false });
  expect((await request.get('/api/v1/auth/me', { headers: buyer.headers })).status()).toBe(200);
  await confirm.getByRole('button', { name: `Suspend ${buyer.username}` }).click();
  await expect(page.getByText(`${buyer.username} is now Suspended`)).toBeVisible();
  expect((await request.get('/api/v1/auth/me', { headers: buyer.headers })).status()).toBe(403);

  // Orders: choosing Refunded shows the time taken back and the e-mail before saving.
  const short = orderId.slice(-8);
  const orders = await openAdminTab(page, 'Orders');
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill(buyer.username);
  await orders.getByRole('button', { name: `Update status of order #${short}` }).click();
  const dialog = page.getByRole('dialog', { name: `Update order #${short}` });
  await dialog.getByLabel('New status').selectOption('REFUNDED');
  const preview = dialog.getByRole('region', { name: 'What will happen' });
  await expect(preview).toContainText('of unused time is taken back');
  await expect(preview).toContainText(`Refund notice to ${buyer.email}`);
  await expect(preview).toContainText('of paid time');
  await shoot(page, 'order-refund-preview', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText(`Order #${short} is now Refunded`)).toBeVisible();

  // The audit log tells both as sentences, and filters by actor, action and date.
  const admin = await adminLogin(request);
  const audit = await openAdminTab(page, 'Audit');
  await audit.getByRole('searchbox', { name: 'Actor' }).fill(admin.auth.user.username);
  await audit.getByRole('combobox', { name: 'Action' }).selectOption('user.status');
  const today = new Date().toISOString().slice(0, 10);
  await audit.getByLabel('Recorded from').fill(today);
  const sentence = `${admin.auth.user.username} suspended ${buyer.username}`;
  await expect(audit.getByText(sentence)).toBeVisible();
  await expect(audit.getByRole('row').filter({ hasText: sentence })).toContainText(
    'Active → changed to Suspended',
  );
  await shoot(page, 'audit');
  const refund = (await (
    await request.get(`/api/v1/admin/audit?entity_id=${orderId}`, { headers: admin.headers })
  ).json()) as AuditResponse;
  expect(refund.entries[0]!.summary).toBe(
    `${admin.auth.user.username} marked order #${short} as refunded`,
  );
});

test('a price change warns about subscribers and the notice the terms promise', async ({
  page,
}) => {
  await openAdmin(page);
  const plans = await openAdminTab(page, 'Plans');
  await plans.getByRole('button', { name: 'Edit plan PRO', exact: true }).click();
  const form = plans.getByRole('form', { name: 'Edit plan PRO' });
  const save = form.getByRole('button', { name: 'Save plan' });
  await expect(form.getByText('You are changing the price')).toHaveCount(0);
  await form.getByLabel('Monthly price').fill('123.45');
  await expect(form.getByText('You are changing the price')).toBeVisible();
  await expect(form).toContainText('Existing subscribers keep the price they paid');
  await expect(form).toContainText("30 days' notice");
  await expect(save).toBeDisabled();
  await shoot(page, 'plan-price-warning');
  await form.getByRole('checkbox', { name: /subscribers get 30 days' notice/ }).check();
  await expect(save).toBeEnabled();
  // Not saved: other journeys buy PRO at its seeded price.
  await form.getByRole('button', { name: 'Cancel' }).click();
});

test('changelog entries and versions are edited, archived and restored, never deleted', async ({
  page,
  request,
}) => {
  const admin = await adminLogin(request);
  const version = `0.0.${randomInt(100_000, 999_999)}`;
  const created = await request.post('/api/v1/admin/changelog', {
    headers: admin.headers,
    data: {
      version,
      title: 'Guardrail draft',
      changes: '- drafted',
      release_date: '2001-01-01',
      is_published: false,
    },
  });
  expect(created.status()).toBe(201);
  const release = await request.post('/api/v1/admin/downloads', {
    headers: admin.headers,
    data: {
      version,
      download_url: 'https://example.com/flockr.zip',
      filename: 'flockr.zip',
      file_size: 1000,
      release_date: '2001-01-01',
      is_active: false,
    },
  });
  expect(release.status()).toBe(201);
  const releaseId = ((await release.json()) as { download: AdminRelease }).download.id;

  await openAdmin(page);
  const changelog = await openAdminTab(page, 'Changelog');
  await changelog.getByRole('button', { name: `Edit version ${version}` }).click();
  const form = changelog.getByRole('form', { name: `Edit changelog entry ${version}` });
  await form.getByRole('textbox', { name: 'Title' }).fill('Guardrail draft, edited');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Version ${version} saved`)).toBeVisible();
  const row = changelog.getByRole('row').filter({ hasText: `v${version}` });
  await expect(row).toContainText('Guardrail draft, edited');
  await row.getByRole('button', { name: `Archive version ${version}` }).click();
  await expect(row).toContainText('Archived');
  await shoot(page, 'changelog-archived');
  await row.getByRole('button', { name: `Restore version ${version}` }).click();
  await expect(row).toContainText('Draft');

  const downloads = await openAdminTab(page, 'Downloads');
  const versionRow = downloads.getByRole('row').filter({ hasText: `v${version}` });
  await versionRow.getByRole('button', { name: `Archive version ${version}` }).click();
  await expect(versionRow).toContainText('Archived');
  await versionRow.getByRole('button', { name: `Restore version ${version}` }).click();
  await expect(versionRow.getByRole('switch', { name: `Version ${version} active` })).toBeVisible();
  await versionRow.getByRole('button', { name: `Edit version ${version}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit version ${version}` });
  await edit.getByLabel('Release date').fill('2001-02-03');
  await edit.getByRole('button', { name: 'Save version' }).click();
  await expect(versionRow).toContainText('2001');

  const trail = (await (
    await request.get(`/api/v1/admin/audit?entity_id=${releaseId}`, { headers: admin.headers })
  ).json()) as AuditResponse;
  // The spec's version admin writes the release manager's words (ADR 025).
  expect(trail.entries.map((e) => e.action)).toEqual([
    'release.update',
    'release.restore',
    'release.archive',
    'release.create',
  ]);
});
