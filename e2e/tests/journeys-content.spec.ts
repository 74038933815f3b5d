/**
 * User journeys through the content pages (requirements §2, §8 and §9): changelog (expanding,
 * paging, error and retry), support, the legal pages, the not-found page, and the phone layout.
 */
import { randomInt } from 'node:crypto';
import { expect, test } from '../fixtures/test';
import { CHANGELOG_PAGE_SIZE } from '@flockr/contract';
import { apiAdmin, at, siteConfig, expectNoSidewaysOverflow } from './journeys-helpers';

const SEEDED = [
  { version: '1.1.0', title: 'Smart scheduling and a faster dashboard' },
  { version: '1.0.1', title: 'Stability fixes' },
  { version: '1.0.0', title: 'First release' },
];

test.describe('changelog', () => {
  test('the seeded entries are listed, and expanding one renders its markdown', async ({
    page,
  }) => {
    await page.goto('/changelog');
    const releases = page.getByRole('list', { name: 'Releases' });
    // Entries are disclosure buttons; entries other tests add are dated before the seeded ones.
    const entries = releases.getByRole('button', { expanded: false });
    await expect(entries.first()).toBeVisible();
    // Newest release first (other specs may add entries; the seeded ones keep their order).
    const texts = await entries.allTextContents();
    const positions = SEEDED.map(({ version, title }) =>
      texts.findIndex((t) => t.includes(`v${version}`) && t.includes(title)),
    );
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(texts),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const entry = releases.getByRole('button', { name: new RegExp(SEEDED[0]!.title) });
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
    await expect(
      releases.getByRole('listitem').filter({ hasText: 'Export your analytics as CSV.' }),
    ).toHaveCount(0);
    await entry.click();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await entry.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('heading', { name: 'New' })).toBeVisible();
    await expect(
      panel.getByRole('listitem').filter({ hasText: 'Export your analytics as CSV.' }),
    ).toBeVisible();
    await expect(panel.getByText('Smart scheduling', { exact: true })).toHaveJSProperty(
      'tagName',
      'STRONG',
    );
    await expect(panel.getByText('## New')).toHaveCount(0);

    await entry.click();
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('with more than 10 entries, Load More Entries loads the rest', async ({ page, request }) => {
    const admin = await apiAdmin(request);
    const minor = randomInt(1_000, 1_000_000);
    for (let n = 1; n <= 10; n++) {
      const res = await request.post('/api/v1/admin/changelog', {
        headers: admin.headers,
        data: {
          version: `0.${minor}.${n}`,
          title: `E2E paging entry ${minor}.${n}`,
          changes: `- Paging check ${n}`,
          release_date: '2025-01-01',
          is_published: true,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const first = await request.get(`/api/v1/changelog?page=1&limit=${CHANGELOG_PAGE_SIZE}`);
    const { pagination } = (await first.json()) as { pagination: { total: number } };
    expect(pagination.total).toBeGreaterThanOrEqual(13);

    await page.goto('/changelog');
    const entries = page.getByRole('list', { name: 'Releases' }).getByRole('button', {
      expanded: false,
    });
    await expect(entries).toHaveCount(CHANGELOG_PAGE_SIZE);
    const more = page.getByRole('button', { name: 'Load More Entries' });
    for (let pages = 1; pages * CHANGELOG_PAGE_SIZE < pagination.total; pages++) {
      await more.click();
      await expect(entries).toHaveCount(
        Math.min(pagination.total, (pages + 1) * CHANGELOG_PAGE_SIZE),
      );
    }
    await expect(more).toBeHidden();
    for (let n = 1; n <= 10; n++) {
      await expect(page.getByText(`E2E paging entry ${minor}.${n}`, { exact: true })).toHaveCount(
        1,
      );
    }
  });

  test('an error shows Try Again, which loads the entries once the server answers', async ({
    page,
  }) => {
    await page.route('**/api/v1/changelog?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Failed to fetch changelog' }),
      }),
    );
    // The server renders /changelog with its entries; the error shows when the app itself asks
    // for them, as it does after moving to the changelog from another page.
    await page.goto('/support');
    // Once the app has taken over the page (before that, a link is an ordinary one).
    await page.waitForLoadState('networkidle');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Changelog' }).click();
    await expect(page).toHaveURL(/\/changelog$/);
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch changelog');
    const retry = page.getByRole('button', { name: 'Try Again' });
    await expect(retry).toBeVisible();
    await expect(page.getByRole('list', { name: 'Releases' })).toHaveCount(0);

    await page.unroute('**/api/v1/changelog?*');
    await retry.click();
    const releases = page.getByRole('list', { name: 'Releases' });
    await expect(
      releases.getByRole('button', { name: new RegExp(SEEDED[0]!.title) }),
    ).toBeVisible();
    await expect(page.getByText('Failed to fetch changelog')).toHaveCount(0);
    await expect(retry).toHaveCount(0);
  });
});

test.describe('support, legal and not found', () => {
  test('support: e-mail, Coming Soon channels, four FAQ questions, 24 hours', async ({
    page,
    request,
  }) => {
    const { support_email } = await siteConfig(request);
    await page.goto('/support');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: support_email })).toHaveAttribute(
      'href',
      `mailto:${support_email}`,
    );
    for (const channel of ['Discord', 'Telegram']) {
      const card = main.getByRole('heading', { name: channel, exact: true }).locator('xpath=..');
      await expect(card.getByText('Coming Soon', { exact: true })).toBeVisible();
    }
    const emailCard = main.getByRole('heading', { name: 'Email Support' }).locator('xpath=..');
    await expect(emailCard.getByText('Coming Soon')).toHaveCount(0);
    await expect(main.getByText('Coming Soon', { exact: true })).toHaveCount(2);

    const faq = main.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('group');
    await expect(questions).toHaveCount(4);
    await expect(main).toContainText('24 hours');

    // A question opens to show its answer.
    const answer = faq.getByText(/Nothing renews or is charged by itself/);
    await expect(answer).toBeHidden();
    await faq.getByText('Can I cancel my subscription at any time?').click();
    await expect(answer).toBeVisible();
  });

  test('privacy and terms state the retention periods, notice, refunds and jurisdiction', async ({
    page,
    request,
  }) => {
    const { legal_jurisdiction } = await siteConfig(request);
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(main).toContainText(legal_jurisdiction);
    await expect(main).toContainText(/Payment records are kept for 7 years/);
    await expect(main).toContainText(/Usage logs are kept for 2 years/);
    await expect(main).toContainText(/Support communications are kept for 3 years/);

    await page.goto('/terms');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(main).toContainText(legal_jurisdiction);
    await expect(main).toContainText(/at least 30 days before/);
    await expect(main).toContainText(/non-refundable/);
    await expect(main).toContainText(/7 years/);
  });

  test('an unknown route shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(at('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Grow your audience while you sleep',
    );
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger opens the navigation, its links work, nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const burger = banner.getByRole('button', { name: 'Main menu' });
    const mobileNav = banner.getByRole('navigation', { name: 'Mobile' });
    await expectNoSidewaysOverflow(page, 'the page sticks out sideways');

    const targets: Array<[string, string, string]> = [
      ['Plans', '/plans', 'Simple plans that grow with you'],
      ['Changelog', '/changelog', 'Changelog'],
      ['Support', '/support', 'Support'],
      ['Home', '/', 'Grow your audience while you sleep'],
    ];
    for (const [name, path, heading] of targets) {
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
      await expect(mobileNav).toHaveCount(0);
      await burger.click();
      await expect(burger).toHaveAttribute('aria-expanded', 'true');
      await expect(mobileNav.getByRole('link')).toHaveText([
        'Home',
        'Plans',
        'Changelog',
        'Support',
      ]);
      await mobileNav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(at(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(mobileNav).toHaveCount(0);
      await expectNoSidewaysOverflow(page, `${path} scrolls sideways`);
    }

    for (const path of ['/login', '/register', '/privacy', '/terms', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysOverflow(page, `${path} scrolls sideways`);
    }
  });
});
