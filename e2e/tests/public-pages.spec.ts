/**
 * The public pages as a visitor on a phone and a crawler get them (docs/web-performance.md): the
 * server's HTML already holds each page's content (read here with JavaScript turned off, and
 * screenshotted at 375 and 1280 px), the browser hydrates it without a console error and without
 * moving anything, a signed-in visitor gets their session back right after, and files, documents,
 * robots.txt, sitemap.xml and the manifest are sent with the headers a CDN would use.
 */
import { expect, test, type Page } from '../fixtures/test';
import { apiRegister, signIn } from '../fixtures/api';

/** Each public page and something of its own content that must be in the server's HTML. */
const PAGES: { path: string; shows: RegExp }[] = [
  { path: '/', shows: /Twitter/ },
  { path: '/plans', shows: /PRO\+/ },
  { path: '/changelog', shows: /1\.1\.0/ },
  { path: '/support', shows: /Frequently asked questions|FAQ/i },
  { path: '/login', shows: /Sign in|Login/i },
  { path: '/register', shows: /Create/i },
  { path: '/privacy', shows: /Privacy Policy/ },
  { path: '/terms', shows: /Terms of Service/ },
];

const WIDTHS = [
  {
    name: 'phone',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  },
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    userAgent: undefined,
  },
];

/** Sum of layout shifts not caused by input since the page started (the CLS of a short visit). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}

for (const size of WIDTHS) {
  test.describe(`${size.name}: the server's HTML`, () => {
    test.use({
      viewport: size.viewport,
      isMobile: size.isMobile,
      ...(size.userAgent ? { userAgent: size.userAgent } : {}),
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });
      test('every public page shows its content, title, description and canonical URL', async ({
        page,
      }) => {
        for (const { path, shows } of PAGES) {
          await page.goto(path);
          await expect(page.locator('main h1').first(), path).toBeVisible();
          await expect(page.locator('main'), path).toContainText(shows);
          await expect(page).toHaveTitle(/Flockr/);
          const description = await page
            .locator('meta[name="description"]')
            .getAttribute('content');
          expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(49);
          const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
          expect(new URL(canonical!).pathname, `${path} canonical`).toBe(path);
          await page.screenshot({
            path: `artifacts/screenshots/ssr-${size.name}-${path.slice(1) || 'home'}.png`,
            fullPage: true,
          });
        }
      });

      test('the plans are in the HTML in the order of this screen', async ({ page }) => {
        await page.goto('/plans');
        const names = await page.locator('main h3, main h2').allTextContents();
        const paid = names.filter((n) => /^PRO/.test(n.trim()));
        expect(paid.length).toBeGreaterThan(0);
        if (size.isMobile) expect(names.find((n) => /^(FREE|PRO)/.test(n.trim()))).toMatch(/PRO/);
      });
    });

    test('hydrates every public page with no console error and no layout shift', async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      for (const { path, shows } of PAGES) {
        const html = await (await page.request.get(path)).text();
        expect(html, `${path} arrives rendered`).toContain('id="server-state"');
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main'), path).toContainText(shows);
        const shift = await layoutShift(page);
        expect(shift, `${path} layout shift`).toBeLessThanOrEqual(0.02);
      }
      expect(problems).toEqual([]);
    });
  });
}

test('a signed-in visitor gets their session back on a server-rendered page', async ({
  page,
  request,
}) => {
  const user = await apiRegister(request, 'ssr');
  await signIn(page, user.auth, '/plans');
  await expect(
    page.getByRole('button', { name: new RegExp(user.auth.user.username) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
});

test.describe('headers', () => {
  test('documents are revalidated; hashed files are compressed and immutable', async ({
    request,
  }) => {
    const doc = await request.get('/plans', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(doc.headers()['cache-control']).toBe('no-cache');
    expect(doc.headers()['content-encoding']).toBe('br');
    const etag = doc.headers().etag!;
    const again = await request.get('/plans', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);

    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await doc.text())![1]!;
    const asset = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers().vary?.toLowerCase()).toContain('accept-encoding');
  });

  test('robots.txt, sitemap.xml, the manifest and the favicon', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const { path } of PAGES) expect(sitemap).toContain(`${path}</loc>`);
    const manifest = await request.get('/manifest.webmanifest');
    expect((await manifest.json()) as { name: string }).toMatchObject({ name: 'Flockr' });
    expect((await request.get('/favicon.svg')).ok()).toBe(true);
    expect(baseURL).toBeTruthy();
  });
});
