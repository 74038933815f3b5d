/**
 * User journeys of the signed-in part of the web app (requirements §2, §4, §8 and §9): order
 * history, profile, the header's user menu and session handling, and the download rules.
 */
import { expect, test } from '../fixtures/test';
import { STORAGE_KEYS } from '@flockr/contract';
import {
  apiOrder,
  apiRegister,
  seededArtifact,
  sha256File,
  signIn,
  uniqueUser,
} from '../fixtures/api';
import { apiAdmin, apiSubscribedUser, at, rgbOf, storedAuth } from './journeys-helpers';

test.describe('orders', () => {
  test('signed out: Access Denied with Go to Login', async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Please log in to view your orders')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(at('/login?redirect=/orders'));
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('signed in without orders: the empty state offers View Plans', async ({ page, request }) => {
    const user = await apiRegister(request, 'noorders');
    await signIn(page, user.auth, '/orders');
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'View Plans' }).click();
    await expect(page).toHaveURL(at('/plans'));
  });

  test('a pending order shows its short id, amount, status, Pay Now and QR; Refresh reloads', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'orders');
    const { orderId, paymentUrl } = await apiOrder(request, user.headers, 'PRO');
    await signIn(page, user.auth, '/orders');

    const short = orderId.slice(-8);
    const main = page.getByRole('main');
    await expect(main.getByText(`#${short}`, { exact: true })).toBeVisible();
    await expect(main.getByText(orderId, { exact: true })).toHaveCount(0);
    await expect(main.getByText('$19.99', { exact: true })).toBeVisible();
    await expect(main.getByText('Pending', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', paymentUrl);
    const qr = main.getByRole('img', { name: `QR code to pay order #${short}` });
    await expect(qr).toBeVisible();
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // A second order placed elsewhere appears after Refresh, without reloading the page.
    const second = await apiOrder(request, user.headers, 'PRO+');
    const secondShort = second.orderId.slice(-8);
    await expect(main.getByText(`#${secondShort}`, { exact: true })).toHaveCount(0);
    await main.getByRole('button', { name: 'Refresh' }).click();
    await expect(main.getByText(`#${secondShort}`, { exact: true })).toBeVisible();
    await expect(main.getByText('$49.99', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Pay Now' })).toHaveCount(2);
    await expect(main.getByText(`#${short}`, { exact: true })).toBeVisible();
  });
});

test.describe('profile', () => {
  test('signed out: Access Denied with Go to Login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Please log in to view your profile')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(at('/login?redirect=/profile'));
  });

  test('email is read-only; a new username and country are saved and persist', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'prof');
    await signIn(page, user.auth, '/profile');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue(user.email);
    await expect(email).not.toBeEditable();

    const renamed = uniqueUser('renamed').username;
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveValue(user.username);
    await username.fill(renamed);
    await page.getByLabel('Country').selectOption({ label: 'Japan' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: renamed })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(renamed);
    await expect(page.getByLabel('Country')).toHaveValue('JP');

    const me = await request.get('/api/v1/auth/me', { headers: user.headers });
    expect(me.status()).toBe(200);
    const { user: saved } = (await me.json()) as { user: { username: string; country: string } };
    expect(saved.username).toBe(renamed);
    expect(saved.country).toBe('JP');
  });
});

test.describe('header and session', () => {
  test('the user menu works by keyboard and has no Admin Panel for a USER', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'menu');
    await signIn(page, user.auth, '/');
    const button = page.getByRole('banner').getByRole('button', { name: user.username });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('menu');

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Profile Settings',
      'Order History',
      'Download Software',
      'Download Centre',
      'Sign Out',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Order History' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Keyboard activation of an item follows its link. The second key waits until the menu is
    // open with its first item focused, as a person sees it before pressing again.
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Order History' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('/orders'));
    await expect(menu).toBeHidden();
  });

  test('a key or a press on the user menu before its code arrives is not lost', async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request, 'menuearly');
    const button = page.getByRole('banner').getByRole('button', { name: user.username });
    const menu = page.getByRole('menu');
    /** Holds the menu's code (Playwright's routing also bypasses the HTTP cache) until called. */
    const holdMenuCode = async () => {
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      await page.unroute(/\/assets\/user-menu-[^/]*\.js$/);
      await page.route(/\/assets\/user-menu-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };

    // The focus only: the arrived button takes it over, and Enter opens the menu.
    let release = await holdMenuCode();
    await signIn(page, user.auth, '/');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await button.focus();
    release();
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    // Enter on the stand-in: the menu opens on its first item once its code is in.
    release = await holdMenuCode();
    await page.reload();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    release();
    await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // A press on the stand-in released on the arrived button: the menu is open.
    release = await holdMenuCode();
    await page.reload();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await button.hover();
    await page.mouse.down();
    release();
    await expect(button).not.toHaveAttribute('aria-busy');
    await page.mouse.up();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  test('Sign Out clears the stored session and goes home', async ({ page, request }) => {
    const user = await apiRegister(request, 'signout');
    await signIn(page, user.auth, '/orders');
    await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(at('/'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedAuth(page)).toEqual({ token: null, user: null });
    // The old token no longer works on the server either.
    await expect
      .poll(async () => (await request.get('/api/v1/auth/me', { headers: user.headers })).status())
      .toBe(401);
  });

  test('the seeded admin has Admin Panel in the user menu', async ({ page, request }) => {
    const admin = await apiAdmin(request);
    await signIn(page, admin.auth, '/');
    await page.getByRole('banner').getByRole('button', { name: admin.auth.user.username }).click();
    const item = page.getByRole('menuitem', { name: 'Admin Panel' });
    await expect(item).toBeVisible();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Profile Settings',
      'Admin Panel',
      'Order History',
      'Download Software',
      'Download Centre',
      'Sign Out',
    ]);
    await item.click();
    await expect(page).toHaveURL(at('/admin'));
    await expect(page.getByText("You don't have permission to access the admin panel")).toHaveCount(
      0,
    );
  });

  test('a 401 answer ends the session', async ({ page, request }) => {
    const user = await apiRegister(request, 'expired');
    await signIn(page, user.auth, '/');
    await expect(
      page.getByRole('banner').getByRole('button', { name: user.username }),
    ).toBeVisible();
    await page.evaluate((key) => localStorage.setItem(key, 'bad'), STORAGE_KEYS.token);
    await page.goto('/orders');
    await expect(
      page
        .getByRole('heading', { name: 'Access Denied' })
        .or(page.getByRole('heading', { name: 'Welcome back' })),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: user.username })).toHaveCount(
      0,
    );
    expect(await storedAuth(page)).toEqual({ token: null, user: null });
  });
});

test.describe('download rules', () => {
  test('signed out: no header Download, and the landing page leads to register', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Download/ })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(at('/register'));
  });

  test('without a subscription the red banner says so for about 5 s', async ({ page, request }) => {
    const user = await apiRegister(request, 'nosub');
    await signIn(page, user.auth, '/plans');
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('banner').getByRole('button', { name: 'Download', exact: true }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Active subscription required to download' });
    await alert.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    const text = await rgbOf(alert, 'color');
    expect(text.r).toBeGreaterThan(text.g + 50);
    await alert.waitFor({ state: 'hidden', timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(3_500);
    expect(shownFor).toBeLessThan(7_000);
    expect(downloads).toBe(0);
  });

  test('a quick double-click downloads once and says a download is in progress', async ({
    page,
    request,
  }) => {
    const user = await apiSubscribedUser(request, 'dbl');
    await signIn(page, user.auth, '/');
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    let linkRequests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/downloads/link') linkRequests++;
    });

    const first = page.waitForEvent('download');
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Download', exact: true })
      .dblclick();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Download already in progress' }),
    ).toBeVisible();
    const download = await first;
    expect(download.suggestedFilename()).toBe('flockr-v1.1.0.zip');
    await expect(page.getByText('Downloading flockr-v1.1.0.zip')).toBeVisible();
    expect(linkRequests).toBe(1);
    expect(downloads).toEqual(['flockr-v1.1.0.zip']);
  });

  test("a subscriber's Download Software saves the latest version intact", async ({
    page,
    request,
  }) => {
    const user = await apiSubscribedUser(request, 'menudl');
    await signIn(page, user.auth, '/');
    await page.getByRole('banner').getByRole('button', { name: user.username }).click();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download Software' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('flockr-v1.1.0.zip');
    const saved = test.info().outputPath('menu-download.zip');
    await download.saveAs(saved);
    expect(await sha256File(saved)).toBe(
      await sha256File(seededArtifact('1.1.0', 'flockr-v1.1.0.zip')),
    );
  });
});
