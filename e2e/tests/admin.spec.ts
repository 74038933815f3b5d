/**
 * The admin panel in a real browser — suspend a user, create a plan, upload a version,
 * write and publish release notes, complete an order by hand, and keep non-admins out.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { type Browser } from '@playwright/test';
import { expect, test, type Page } from '../fixtures/test';
import type {
  AdminDownload,
  AdminPlan,
  DownloadLinkResponse,
  LatestVersionResponse,
} from '@flockr/contract';
import { apiOrder, apiRegister, sha256File, signIn } from '../fixtures/api';
import { adminLogin, apiPay, openAdminTab } from '../fixtures/admin';

/** Signs the seeded admin in (token from the API, stored as the web app does) and opens /admin. */
async function openAdmin(page: Page, tab: string) {
  const admin = await adminLogin(page.request);
  await signIn(page, admin.auth, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const panel = await openAdminTab(page, tab);
  return { admin, panel };
}

/** A signed-out page in its own browser context (a visitor on another machine). */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an admin suspends a user from the Users tab and the user is refused', async ({
  page,
  request,
  browser,
}) => {
  const user = await apiRegister(request, 'suspend');
  expect((await request.get('/api/v1/auth/me', { headers: user.headers })).status()).toBe(200);

  const { panel } = await openAdmin(page, 'Users');
  await panel.getByRole('searchbox', { name: 'Search users' }).fill(user.username);
  const users = panel.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(2); // header + the one match
  const status = users.getByRole('combobox', { name: `Status of ${user.username}` });
  await expect(status).toHaveValue('ACTIVE');
  await status.selectOption('SUSPENDED');
  // The change waits for a confirmation that says what will happen.
  const confirm = page.getByRole('dialog', { name: `Suspend ${user.username}?` });
  await expect(confirm).toContainText('can no longer sign in');
  await confirm.getByRole('button', { name: `Suspend ${user.username}` }).click();
  await expect(page.getByText(`${user.username} is now Suspended`)).toBeVisible();
  await expect(status).toHaveValue('SUSPENDED');
  await expect(status).toBeEnabled();

  // The user's existing token is refused from now on.
  const me = await request.get('/api/v1/auth/me', { headers: user.headers });
  expect(me.status()).toBe(403);
  expect((await me.json()).error).toBe('This account is suspended. Please contact support');

  // So is signing in through the UI.
  const visitor = await visitorPage(browser);
  await visitor.page.goto('/login');
  await visitor.page.getByLabel('Email').fill(user.email);
  await visitor.page.getByLabel('Password', { exact: true }).fill(user.password);
  await visitor.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    visitor.page.getByRole('alert').filter({ hasText: 'This account is suspended' }),
  ).toBeVisible();
  await expect(visitor.page).toHaveURL(/\/login$/);
  await visitor.context.close();
});

test('an admin creates a plan in the Plans tab and visitors see it on /plans', async ({
  page,
  browser,
}) => {
  const name = `TEAM-${randomBytes(3).toString('hex')}`;
  const { admin, panel } = await openAdmin(page, 'Plans');
  await panel.getByRole('button', { name: 'New plan' }).click();
  const form = panel.getByRole('form', { name: 'New plan' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('For small teams that grow together.');
  await form.getByLabel('Monthly price').fill('29.99');
  await form.getByLabel('Yearly price').fill('299.99');
  await form
    .getByLabel('Features')
    .fill('Five team seats\n\nShared scheduling\n   \nPriority support\n');
  await form.getByRole('checkbox', { name: 'Active' }).check();
  await form.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText(`Plan ${name} created`)).toBeVisible();
  await expect(form).toHaveCount(0);

  const card = panel.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Features (3)')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText([
    'Five team seats',
    'Shared scheduling',
    'Priority support',
  ]);

  const visitor = await visitorPage(browser);
  await visitor.page.goto('/plans');
  const plan = visitor.page.getByRole('region', { name: 'Plans' }).getByRole('article', { name });
  await expect(plan).toBeVisible();
  await expect(plan.getByText('For small teams that grow together.')).toBeVisible();
  await expect(plan.getByText('$29.99')).toBeVisible();
  await expect(plan.getByRole('listitem')).toHaveText([
    'Five team seats',
    'Shared scheduling',
    'Priority support',
  ]);
  await expect(plan.getByRole('button', { name: `Choose ${name}` })).toBeVisible();
  await visitor.page.getByRole('radio', { name: /Yearly/ }).check();
  await expect(plan.getByText('$299.99')).toBeVisible();
  await visitor.context.close();

  // Hide it again so /plans shows the seeded plans to the other tests.
  const { plans } = (await (
    await page.request.get('/api/v1/admin/plans', { headers: admin.headers })
  ).json()) as { plans: AdminPlan[] };
  const created = plans.find((p) => p.name === name)!;
  const off = await page.request.put(`/api/v1/admin/plans/${created.id}`, {
    headers: admin.headers,
    data: { is_active: false },
  });
  expect(off.status()).toBe(200);
});

test('an admin uploads a new version and a subscriber downloads it intact', async ({
  page,
  request,
  browser,
}) => {
  const version = `2.${randomInt(1, 1_000_000)}.0`;
  const filename = `flockr-v${version}.zip`;
  // A small ZIP-like file: local file header signature, then random bytes.
  const upload = test.info().outputPath(filename);
  await writeFile(
    upload,
    Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(4096 + randomInt(1, 512))]),
  );
  const uploadedHash = await sha256File(upload);

  // A subscriber (registered, ordered and paid through the API), signed in on their own machine.
  // Prepared first so the new version is the newest for as short a time as possible: other
  // tests expect 1.1.0 from Download Now.
  const subscriber = await apiRegister(request, 'dlsub');
  const { paymentUrl } = await apiOrder(request, subscriber.headers);
  await apiPay(request, subscriber.headers, paymentUrl);
  const context = await browser.newContext();
  const subscriberPage = await context.newPage();
  await signIn(subscriberPage, subscriber.auth, '/');
  const headerDownload = subscriberPage
    .getByRole('banner')
    .getByRole('button', { name: 'Download', exact: true });
  await expect(headerDownload).toBeVisible();

  const { admin, panel } = await openAdmin(page, 'Downloads');
  await panel.getByRole('button', { name: 'Add version' }).click();
  await expect(panel.getByRole('radio', { name: 'Upload a file' })).toBeChecked();
  const form = panel.getByRole('form', { name: 'Upload a file' });
  await form.getByLabel('File', { exact: true }).setInputFiles(upload);
  await form.getByLabel('Version').fill(version);
  await form.getByLabel('Release date').fill('2026-11-20');
  await expect(form.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  try {
    await form.getByRole('button', { name: 'Upload version' }).click();
    await expect(page.getByText(`Version ${version} added`)).toBeVisible();

    // The header's Download button saves the newest version intact.
    const downloadPromise = subscriberPage.waitForEvent('download');
    await headerDownload.click();
    const latest = (await (
      await request.get('/api/v1/downloads/latest', { headers: subscriber.headers })
    ).json()) as LatestVersionResponse;
    const download = await downloadPromise;
    const saved = test.info().outputPath('via-ui.zip');
    await download.saveAs(saved);
    if (latest.version === version) {
      expect(download.suggestedFilename()).toBe(filename);
      expect(await sha256File(saved)).toBe(uploadedHash);
    } else {
      // Another test uploaded an even newer version meanwhile: the button got that one.
      expect(download.suggestedFilename()).toBe(latest.filename);
    }

    // This exact version through the API: its signed link serves the uploaded bytes.
    const link = await request.get(`/api/v1/downloads/link?version=${version}`, {
      headers: subscriber.headers,
    });
    expect(link.status()).toBe(200);
    const { download_url } = (await link.json()) as DownloadLinkResponse;
    const file = await request.get(download_url);
    expect(file.status()).toBe(200);
    const viaApi = test.info().outputPath('via-api.zip');
    await writeFile(viaApi, await file.body());
    expect(await sha256File(viaApi)).toBe(uploadedHash);

    const row = panel
      .getByRole('region', { name: 'Program versions' })
      .getByRole('row')
      .filter({ hasText: `v${version}` });
    await expect(row).toContainText(filename);
    await expect(row).toContainText('Stored on this server');
    await expect(row).toContainText('Nov 20, 2026');
    await expect(row.getByRole('switch', { name: `Version ${version} active` })).toBeChecked();
    await expect(row).toContainText(uploadedHash.slice(0, 12));
  } finally {
    // Leave 1.1.0 the newest active version for the other tests (Download Now expects it).
    const list = (await (
      await request.get('/api/v1/admin/downloads', { headers: admin.headers })
    ).json()) as { downloads: AdminDownload[] };
    const mine = list.downloads.find((d) => d.version === version);
    if (mine?.is_active) {
      const off = await request.put(`/api/v1/admin/downloads/${mine.id}`, {
        headers: admin.headers,
        data: { is_active: false },
      });
      expect(off.status()).toBe(200);
    }
    await context.close();
  }
});

test('an admin drafts a changelog entry with a live preview, then publishes it', async ({
  page,
  browser,
}) => {
  const version = `${randomInt(3, 9)}.${randomInt(0, 1_000_000)}.${randomInt(0, 1000)}`;
  const title = `Team spaces ${randomBytes(3).toString('hex')}`;
  const { panel } = await openAdmin(page, 'Changelog');
  await panel.getByRole('button', { name: 'New entry' }).click();
  const form = panel.getByRole('form', { name: 'New changelog entry' });
  await form.getByLabel('Version').fill(version);
  await form.getByLabel('Title').fill(title);

  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('The formatted changes appear here as you type.');
  const changes = form.getByLabel('Changes (markdown)');
  await changes.pressSequentially('## Highlights\n');
  await expect(preview.getByRole('heading', { name: 'Highlights', level: 2 })).toBeVisible();
  await changes.pressSequentially('- **Team spaces** for shared accounts\n- Faster `sync`');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.locator('strong')).toHaveText('Team spaces');
  await expect(preview.locator('code')).toHaveText('sync');
  await expect(preview).not.toContainText('**');

  await expect(form.getByRole('checkbox', { name: 'Publish now' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByText(`Draft for version ${version} saved`)).toBeVisible();
  const row = panel
    .getByRole('region', { name: 'Changelog entries' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row).toContainText('Draft');

  // Visitors do not see the draft.
  const visitor = await visitorPage(browser);
  await visitor.page.goto('/changelog');
  const releases = visitor.page.getByRole('list', { name: 'Releases' });
  await expect(releases.getByRole('listitem').first()).toBeVisible();
  await expect(releases).not.toContainText(title);

  await row.getByRole('button', { name: `Publish version ${version}` }).click();
  await expect(page.getByText(`Version ${version} published`)).toBeVisible();
  await expect(row).toContainText('Published');
  // A published entry offers Unpublish instead (exact: its name contains this one).
  await expect(
    row.getByRole('button', { name: `Publish version ${version}`, exact: true }),
  ).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Unpublish version ${version}` })).toBeVisible();

  await visitor.page.reload();
  const entry = visitor.page.getByRole('button', { name: new RegExp(title) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`v${version}`);
  await entry.click();
  const body = releases.getByRole('listitem').filter({ has: entry });
  await expect(body.getByRole('heading', { name: 'Highlights' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('Team spaces');
  await visitor.context.close();
});

test('an admin marks a pending order Completed and the user can then download', async ({
  page,
  request,
  browser,
}) => {
  const user = await apiRegister(request, 'manual');
  const { orderId } = await apiOrder(request, user.headers);
  expect((await request.get('/api/v1/downloads/latest', { headers: user.headers })).status()).toBe(
    403,
  );
  const short = orderId.slice(-8);
  const note = `Paid by bank transfer ${randomBytes(2).toString('hex')}`;

  const { panel } = await openAdmin(page, 'Orders');
  await panel.getByRole('searchbox', { name: 'Search orders' }).fill(user.username);
  const row = panel
    .getByRole('region', { name: 'Orders' })
    .getByRole('row')
    .filter({ hasText: `#${short}` });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Update status of order #${short}` }).click();

  const dialog = page.getByRole('dialog', { name: `Update order #${short}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('New status').selectOption('COMPLETED');
  await dialog.getByLabel('Admin note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Order #${short} is now Completed`)).toBeVisible();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(`Note: ${note}`);

  const latest = await request.get('/api/v1/downloads/latest', { headers: user.headers });
  expect(latest.status()).toBe(200);

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signIn(userPage, user.auth, '/orders');
  const order = userPage.getByRole('listitem').filter({ hasText: `#${short}` });
  await expect(order).toContainText('Completed');
  await expect(order.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await context.close();
});

test('a USER opening /admin is told they have no permission and offered Go to Home', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'notadmin');
  await signIn(page, user.auth, '/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin panel")).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
