/**
 * Release channels in a real browser: an admin adds a beta release at 50 % in the Downloads tab
 * (Add version, files per platform; the old `?tab=releases` link opens that tab), uploads a
 * Windows and a macOS file to it from its row (small generated files), and publishes it with
 * the row's Active switch; a subscriber who chose the Beta channel on /profile sees it in the
 * download centre, a subscriber on Stable does not; once the admin yanks it (with a reason), the
 * beta subscriber's list no longer has it. Runs in the admin project (it publishes a release
 * other specs could see).
 */
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import type { AuthResponse, VersionsResponse } from '@flockr/contract';
import { expect, test, type Page } from '../fixtures/test';
import { signIn } from '../fixtures/api';
import { adminLogin, openAdminTab } from '../fixtures/admin';
import { apiSubscribedUser } from './journeys-helpers';

/** A page of its own browser context signed in as `auth`, opened at `to`. */
async function pageFor(browser: Browser, auth: AuthResponse, to: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, auth, to);
  return page;
}

/** The versions `GET /downloads/versions` offers the holder of `headers`. */
async function offered(page: Page, headers: Record<string, string>): Promise<string[]> {
  const res = await page.request.get('/api/v1/downloads/versions', { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as VersionsResponse).versions.map((v) => v.version);
}

/** Serious or critical axe findings inside `selector` (WCAG 2.1 A and AA). */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('a beta release at 50 % reaches beta subscribers only, and a yank takes it back', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // `r` first: a numeric pre-release identifier may not start with 0 (semver.org §9), and hex
  // digits alone can be one (`012261`).
  const version = `9.0.0-beta.r${randomBytes(3).toString('hex')}`;
  const [betaUser, stableUser] = await Promise.all([
    apiSubscribedUser(request, 'beta'),
    apiSubscribedUser(request, 'stable'),
  ]);

  // The beta subscriber chooses the Beta channel on /profile.
  const beta = await pageFor(browser, betaUser.auth, '/profile');
  const updates = beta.getByRole('heading', { name: 'Updates', exact: true }).locator('../../..');
  const channel = updates.getByLabel('Release channel');
  await expect(channel).toHaveValue('stable');
  await expect(updates).toContainText('You get every release on your channel');
  await channel.selectOption('beta');
  await updates.getByRole('button', { name: 'Save channel' }).click();
  await expect(beta.getByText('Release channel saved: Beta')).toBeVisible();
  await expect(updates.getByRole('button', { name: 'Save channel' })).toBeDisabled();
  expect(await axeFindings(beta, 'main')).toEqual([]);

  // The admin creates the release as a draft on Beta at 50 %, adds two files, then publishes.
  const admin = await adminLogin(request);
  // A link to the release manager's old tab opens the Downloads tab, which is it now.
  await signIn(page, admin.auth, '/admin?tab=releases');
  await expect(page.getByRole('tab', { name: 'Downloads' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Releases' })).toHaveCount(0);
  const panel = await openAdminTab(page, 'Downloads');
  await panel.getByRole('button', { name: 'Add version' }).click();
  // The source switch's radios are visually hidden: the admin clicks their labels.
  await panel.getByText('Files per platform', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: 'Files per platform' })).toBeChecked();
  const form = panel.getByRole('form', { name: 'Files per platform' });
  await form.getByRole('textbox', { name: 'Version' }).fill(version);
  await form.getByRole('combobox', { name: 'Channel' }).selectOption('beta');
  await form.getByRole('spinbutton', { name: 'Rollout (%)' }).fill('50');
  await expect(form.getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Create release' }).click();
  await expect(page.getByText(`Draft ${version} created`)).toBeVisible();

  // Its row in the one list of versions, opened on the release manager's part of it.
  const row = panel
    .getByRole('region', { name: 'Program versions' })
    .getByRole('row')
    .filter({ hasText: `v${version}` });
  await expect(row).toContainText('No file yet');
  const active = row.getByRole('switch', { name: `Version ${version} active` });
  await expect(active).not.toBeChecked();
  await expect(row.getByRole('button', { name: `Manage version ${version}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const card = panel.locator('article', {
    has: page.getByRole('heading', { name: `Version ${version}`, exact: true }),
  });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Add files' }).click();
  const exe = `Flockr-Setup-${version}.exe`;
  const zip = `Flockr-${version}-arm64-mac.zip`;
  await card.getByLabel(`Files of ${version}`).setInputFiles([
    { name: exe, mimeType: 'application/octet-stream', buffer: randomBytes(48 * 1024) },
    { name: zip, mimeType: 'application/zip', buffer: randomBytes(32 * 1024) },
  ]);
  await expect(card.getByLabel(`Platform of ${exe}`)).toHaveValue('windows');
  await expect(card.getByLabel(`Platform of ${zip}`)).toHaveValue('macos');
  await expect(card.getByLabel(`Architecture of ${zip}`)).toHaveValue('arm64');
  await card.getByRole('button', { name: 'Upload 2 files' }).click();
  await expect(page.getByText(`2 files added to ${version}`)).toBeVisible();
  await expect(card.getByText('Uploaded')).toHaveCount(2);
  await card.getByRole('button', { name: 'Done' }).click();
  const files = card.getByRole('table', { name: `Files of ${version}` });
  await expect(files.getByRole('row')).toHaveCount(3); // header + two files
  await expect(files).toContainText('Windows');
  await expect(files).toContainText('macOS');

  // The row now names its zip (the spec's one file of a version) and how many files it has.
  await expect(row).toContainText(zip);
  await expect(row).toContainText('2 files');

  await active.click();
  await expect(page.getByText(`Release ${version} published`)).toBeVisible();
  await expect(active).toBeChecked();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await expect(card.getByText('Beta', { exact: true })).toBeVisible();
  await expect(card).toContainText('50%');
  expect(await axeFindings(page, '[role="tabpanel"]')).toEqual([]);

  // The beta subscriber is offered it, the stable one is not.
  expect(await offered(page, betaUser.headers)).toContain(version);
  expect(await offered(page, stableUser.headers)).not.toContain(version);
  await beta.goto('/downloads');
  await expect(
    beta.getByRole('heading', { name: /^(Latest version|Version) / }).first(),
  ).toBeVisible();
  await expect(beta.getByRole('main')).toContainText(version);
  const stable = await pageFor(browser, stableUser.auth, '/downloads');
  await expect(stable.getByRole('heading', { name: /^Latest version / })).toBeVisible();
  await expect(stable.getByRole('main')).not.toContainText(version);

  // The admin yanks it with a reason; the beta subscriber's list no longer has it.
  await card.getByRole('button', { name: 'Yank' }).click();
  const dialog = page.getByRole('dialog', { name: `Yank version ${version}?` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Crashes on start');
  await dialog.getByRole('button', { name: 'Yank release' }).click();
  await expect(page.getByText(`Release ${version} yanked`)).toBeVisible();
  await expect(card.getByRole('status').filter({ hasText: 'Crashes on start' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();

  expect(await offered(page, betaUser.headers)).not.toContain(version);
  await beta.reload();
  await expect(beta.getByRole('heading', { name: /^Latest version / })).toBeVisible();
  await expect(beta.getByRole('main')).not.toContainText(version);

  await beta.context().close();
  await stable.context().close();
});
