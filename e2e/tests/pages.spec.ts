/**
 * Every route at desktop (1280 px) and phone (375 px) width, signed out and signed in, in the
 * light and the dark theme (which follows the system setting): a screenshot of each is kept
 * under e2e/artifacts/screenshots, and axe-core finds no serious or critical accessibility
 * violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures/test';
import { apiOrder, apiRegister, signIn } from '../fixtures/api';

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/plans',
  '/changelog',
  '/support',
  '/privacy',
  '/terms',
  '/forgot-password',
  '/reset-password?token=abc',
  '/no-such-page',
];
const PRIVATE_ROUTES = ['/', '/plans', '/orders', '/profile', '/downloads', '/changelog', '/admin'];
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];

async function check(
  page: Page,
  route: string,
  label: string,
  name = `${label}-${route.replace(/[/?=]+/g, '_').replace(/^_|_$/g, '') || 'home'}`,
) {
  await page.goto(route);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing may stick out sideways at any width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${route} is wider than the window`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `${route}`,
  ).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    const tag = scheme === 'light' ? size.name : `${size.name}-dark`;
    test.describe(`${size.name} width, ${scheme}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme: scheme });
      // Each test visits every route (load, screenshot, axe): more than one page's time.
      test.describe.configure({ timeout: 180_000 });

      test('signed-out routes', async ({ page }) => {
        for (const route of PUBLIC_ROUTES) await check(page, route, `${tag}-out`);
      });

      test('signed-in routes', async ({ page, request }) => {
        const user = await apiRegister(request, 'pages');
        await apiOrder(request, user.headers);
        await signIn(page, user.auth);
        for (const route of PRIVATE_ROUTES) await check(page, route, `${tag}-in`);
        const { paymentUrl } = await apiOrder(request, user.headers, 'PRO+');
        await check(page, new URL(paymentUrl).pathname, '', `${tag}-in-checkout`);
      });
    });
  }
}
