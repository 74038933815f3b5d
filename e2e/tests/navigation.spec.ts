/**
 * Moving between pages in the app (docs/decisions/013-declarative-router.md): where a page is
 * scrolled to after a link, Back and Forward, and what shows when a page's code cannot be loaded.
 */
import { expect, test, type Page } from '../fixtures/test';

/** The window's vertical scroll position, in CSS pixels. */
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a link opens the next page at its top; Back returns to where the page was left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const left = await page.evaluate(() => {
    const top = Math.min(700, document.documentElement.scrollHeight - window.innerHeight);
    window.scrollTo({ top, behavior: 'instant' });
    return Math.round(window.scrollY);
  });
  expect(left).toBeGreaterThan(200);

  await page.getByRole('banner').getByRole('link', { name: 'Changelog' }).click();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/plans$/);
  await expect.poll(() => scrollY(page)).toBe(left);

  await page.goForward();
  await expect(page).toHaveURL(/\/changelog$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('a page whose code cannot be loaded shows the error page, and Home starts afresh', async ({
  page,
}) => {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The support page's own chunk fails, as after a deploy that removed it or on a lost connection.
  await page.route(/\/assets\/support-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.getByRole('banner').getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

  await page.unroute(/\/assets\/support-[\w-]+\.js$/);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Plans' })).toBeVisible();
});
