/**
 * The seller's cockpit as its own app: the admin shell (no site header, footer or Download
 * button; sections in a sidebar, on a phone a tab strip with the active tab in view and rows as
 * cards), every table sorted by its columns and cut to a date range, CSV exports (streamed by
 * the server, formula-safe), and a version file dropped on the upload form. Screenshots at 1280
 * and 375 px, light and dark, under artifacts/screenshots/a1; axe on each.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures/test';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';
import { adminLogin, openAdminTab } from '../fixtures/admin';

const SHOTS = 'artifacts/screenshots/a1';

/** Screenshots `name` in light and dark, checking axe (serious or worse) and sideways overflow. */
async function shoot(page: Page, name: string) {
  // Toasts are not part of the screen being judged (they go by themselves).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
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
      `${name} ${scheme}`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Three buyers whose names sort a < b < c, found together by searching `tag`. */
async function threeBuyers(page: Page) {
  const tag = `ck${randomBytes(2).toString('hex')}`;
  const buyers = [];
  for (const letter of ['b', 'c', 'a'])
    buyers.push(await apiRegister(page.request, `${tag}${letter}`));
  return { tag, buyers };
}

/** The first cells (usernames) of the rows of `table`, without the header row. */
async function firstCells(page: Page, tableName: string) {
  const rows = page.getByRole('table', { name: tableName }).locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector('td')?.textContent?.trim() ?? ''),
  );
}

/** Opens /admin as the seeded admin. */
async function openAdmin(page: Page, url = '/admin') {
  const admin = await adminLogin(page.request);
  await signIn(page, admin.auth, url);
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  return admin;
}

test.describe('computer (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the admin is its own app: sidebar, no site header, footer or Download button', async ({
    page,
  }) => {
    await openAdmin(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View site' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    await expect(tabs).toHaveAttribute('aria-orientation', 'vertical');
    // The sidebar sits left of the panel, which takes the rest of the width.
    const side = (await tabs.boundingBox())!;
    const panel = (await page.getByRole('tabpanel').boundingBox())!;
    expect(side.x + side.width).toBeLessThan(panel.x);
    expect(panel.width).toBeGreaterThan(900);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'desktop-dashboard');
    await tabs.getByRole('tab', { name: 'Dashboard' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(tabs.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    // Non-admins still get the site with Access Denied.
    const buyer = await apiRegister(page.request, 'ckbuyer');
    await signIn(page, buyer.auth, '/admin');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
  });

  test('users sort by a column, narrow to dates, and export as CSV', async ({ page }) => {
    const { tag } = await threeBuyers(page);
    await openAdmin(page, `/admin?tab=users&search=${tag}`);
    const panel = page.getByRole('tabpanel');
    const table = panel.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(panel.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await panel.getByRole('button', { name: 'Username' }).click();
    await expect(panel.getByRole('columnheader', { name: /Username/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect
      .poll(() => firstCells(page, 'Users'))
      .toEqual([
        expect.stringMatching(new RegExp(`^${tag}a`)),
        expect.stringMatching(new RegExp(`^${tag}b`)),
        expect.stringMatching(new RegExp(`^${tag}c`)),
      ]);
    await panel.getByRole('button', { name: 'Username' }).click();
    await expect
      .poll(async () => (await firstCells(page, 'Users'))[0])
      .toMatch(new RegExp(`^${tag}c`));
    await expect(page).toHaveURL(/sort=username&dir=desc/);
    await shoot(page, 'desktop-users');

    // Export what is shown: same filter and order, every row, a file the browser saves.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID,Username,Email,Role,Status,Email verified,Country,Plan,Subscription status,Subscription ends,Joined',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([
      expect.stringMatching(new RegExp(`^${tag}c`)),
      expect.stringMatching(new RegExp(`^${tag}b`)),
      expect.stringMatching(new RegExp(`^${tag}a`)),
    ]);

    // Nobody joined tomorrow.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await panel.getByLabel('Joined from').fill(tomorrow);
    await expect(panel.getByText('No users found')).toBeVisible();
    await panel.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.locator('tbody tr').first()).toBeVisible();
  });

  test('orders export formula-safe CSV; versions sort locally and take a dropped file', async ({
    page,
  }) => {
    const buyer = await apiRegister(page.request, 'ckorder');
    const { orderId } = await apiOrder(page.request, buyer.headers);
    const admin = await adminLogin(page.request);
    const noted = await page.request.put(`/api/v1/admin/orders/${orderId}/status`, {
      headers: admin.headers,
      data: { status: 'CANCELLED', admin_note: '=HYPERLINK("http://evil.test","refund")' },
    });
    expect(noted.status(), await noted.text()).toBe(200);

    await openAdmin(page, `/admin?tab=orders&search=${buyer.username}`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('table', { name: 'Orders' }).locator('tbody tr')).toHaveCount(1);
    await panel.getByRole('button', { name: 'Amount' }).click();
    await expect(page).toHaveURL(/sort=amount&dir=asc/);
    await shoot(page, 'desktop-orders');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(orderId);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""refund"")"`);

    // Versions: Add version, drop a file on the form, upload it (inactive: others keep "latest").
    const versions = await openAdminTab(page, 'Downloads');
    await versions.getByRole('button', { name: 'Add version' }).click();
    const form = page.getByRole('form', { name: 'Upload a file' });
    const zone = form.getByTestId('file-drop');
    const drop = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(
        new File(['flockr build '.repeat(4096)], 'dropped-build.zip', { type: 'application/zip' }),
      );
      return data;
    });
    await zone.dispatchEvent('dragenter', { dataTransfer: drop });
    await expect(form.getByText('Drop the file to choose it')).toBeVisible();
    await zone.dispatchEvent('drop', { dataTransfer: drop });
    await expect(form.getByText(/dropped-build\.zip · /)).toBeVisible();
    const version = `0.${Date.now() % 100000}.${randomBytes(1)[0]}`;
    await form.getByRole('textbox', { name: 'Version' }).fill(version);
    await form.getByRole('checkbox', { name: 'Active' }).uncheck();
    await shoot(page, 'desktop-upload');
    await form.getByRole('button', { name: 'Upload version' }).click();
    const table = versions.getByRole('table', { name: 'Program versions' });
    await expect(
      table.getByRole('row', { name: new RegExp(`v${version.replaceAll('.', '\\.')}`) }),
    ).toBeVisible();
    await expect(table.getByText('dropped-build.zip')).toBeVisible();
    await versions.getByRole('button', { name: 'Version', exact: true }).click();
    await expect(versions.getByRole('columnheader', { name: /Version/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await shoot(page, 'desktop-versions');
  });
});

test.describe('phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('tab strip keeps the active tab in view; rows are cards; the order is a select', async ({
    page,
  }) => {
    const { tag } = await threeBuyers(page);
    await openAdmin(page);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'phone-dashboard');
    await page.goto('/admin?tab=changelog');
    // The active tab, far right in the strip, is scrolled into view.
    const active = page.getByRole('tab', { name: 'Changelog' });
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await expect(active).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await shoot(page, 'phone-changelog');

    await page.goto(`/admin?tab=users&search=${tag}`);
    const panel = page.getByRole('tabpanel');
    const table = panel.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    // Headings give way to cards whose lines carry the column names.
    await expect(table.locator('thead')).toBeHidden();
    const card = table.locator('tbody tr').first();
    const box = (await card.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    const label = await card
      .locator('td')
      .nth(1)
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Email"');
    await panel
      .getByRole('combobox', { name: 'Sort by' })
      .selectOption({ label: 'Username, ascending' });
    await expect(page).toHaveURL(/sort=username&dir=asc/);
    await expect
      .poll(async () => (await firstCells(page, 'Users'))[0])
      .toMatch(new RegExp(`^${tag}a`));
    // The strip stays at the top while the list scrolls.
    await page.mouse.wheel(0, 600);
    await expect(page.getByRole('tab', { name: 'Users' })).toBeInViewport();
    await page.mouse.wheel(0, -600);
    await shoot(page, 'phone-users');
  });
});
