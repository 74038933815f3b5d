/**
 * The right build for each computer, in a real browser (docs/downloads.md "Builds for each
 * computer"): a seller publishes a version with a Windows installer, a macOS disk image and a
 * Linux AppImage (and a blockmap, a feed-only file); a paying buyer opens the download centre as
 * each of the three computers (its User-Agent string and the client hints Chromium sends) and
 * gets that computer's file first, byte for byte, under its own extension, with the other builds
 * listed beside it; a computer the version has no build for is told so in words. The releases go
 * to the Beta and Alpha channels, which only these buyers follow, so no other spec sees a newer
 * version; the spec runs in the admin project for the same reason.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser } from '@playwright/test';
import type { AdminReleaseDetail, AuthResponse } from '@flockr/contract';

/** `POST /admin/releases`'s answer. */
type AdminReleaseResponse = { release: AdminReleaseDetail };
import { expect, test, type Page } from '../fixtures/test';
import { signIn } from '../fixtures/api';
import { adminLogin } from '../fixtures/admin';
import { apiSubscribedUser, expectNoSidewaysOverflow } from './journeys-helpers';

const SHOTS = 'artifacts/screenshots/builds-per-computer';

/** The computers: their browser's User-Agent string and client hints, and what they should get. */
const COMPUTERS = {
  windows: {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    hints: {
      'sec-ch-ua-platform': '"Windows"',
      'sec-ch-ua-arch': '"x86"',
      'sec-ch-ua-bitness': '"64"',
    },
    label: 'Windows (x64) · Installer',
    name: 'Windows (x64)',
  },
  macos: {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    hints: {
      'sec-ch-ua-platform': '"macOS"',
      'sec-ch-ua-arch': '"arm"',
      'sec-ch-ua-bitness': '"64"',
    },
    label: 'macOS (Apple silicon and Intel) · Disk image',
    name: 'macOS (Apple silicon and Intel)',
  },
  linux: {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
    hints: {},
    label: 'Linux (x64) · AppImage',
    name: 'Linux (x64)',
  },
} as const;

/** A file of a release: the release manager's fields, its name and its bytes. */
interface ReleaseFile {
  fields: { platform: string; arch: string; kind: string };
  name: string;
  data: Buffer;
}

/**
 * Publishes `version` on `channel` as the seller does through the release manager's API: a
 * draft, each of `files` uploaded, then published.
 */
async function publish(
  request: APIRequestContext,
  channel: 'beta' | 'alpha',
  version: string,
  files: ReleaseFile[],
) {
  const admin = await adminLogin(request);
  const created = await request.post('/api/v1/admin/releases', {
    headers: admin.headers,
    data: { version, channel, release_date: '2026-12-02' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as AdminReleaseResponse).release;
  for (const file of files) {
    const res = await request.post(`/api/v1/admin/releases/${id}/artifacts`, {
      headers: admin.headers,
      multipart: {
        ...file.fields,
        file: { name: file.name, mimeType: 'application/octet-stream', buffer: file.data },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const published = await request.patch(`/api/v1/admin/releases/${id}`, {
    headers: admin.headers,
    data: { is_active: true },
  });
  expect(published.status(), await published.text()).toBe(200);
}

/** A page in a browser context of its own that looks like `computer`, signed in as `auth`. */
async function pageAs(
  browser: Browser,
  computer: { userAgent: string; hints: Record<string, string> },
  auth: AuthResponse,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    userAgent: computer.userAgent,
    extraHTTPHeaders: computer.hints,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, auth, '/downloads');
  return page;
}

test('each computer downloads its own build from the download centre, byte for byte', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const version = `9.1.0-beta.b${randomBytes(3).toString('hex')}`;
  const files = {
    windows: { name: `Flockr Setup ${version}.exe`, data: randomBytes(96 * 1024) },
    macos: { name: `Flockr-${version}-universal.dmg`, data: randomBytes(128 * 1024) },
    linux: { name: `Flockr-${version}.AppImage`, data: randomBytes(112 * 1024) },
  };

  // The buyer follows Beta, where this release goes.
  const buyer = await apiSubscribedUser(request, 'perpc');
  const channel = await request.put('/api/v1/updates/me', {
    headers: buyer.headers,
    data: { channel: 'beta' },
  });
  expect(channel.status(), await channel.text()).toBe(200);

  // The seller publishes the version with its three builds and a feed-only blockmap.
  await publish(request, 'beta', version, [
    { fields: { platform: 'windows', arch: 'x64', kind: 'installer' }, ...files.windows },
    {
      fields: { platform: 'windows', arch: 'x64', kind: 'blockmap' },
      name: `${files.windows.name}.blockmap`,
      data: randomBytes(1024),
    },
    { fields: { platform: 'macos', arch: 'universal', kind: 'dmg' }, ...files.macos },
    { fields: { platform: 'linux', arch: 'x64', kind: 'appimage' }, ...files.linux },
  ]);

  const ext = { windows: 'exe', macos: 'dmg', linux: 'AppImage' } as const;
  for (const os of ['windows', 'macos', 'linux'] as const) {
    const computer = COMPUTERS[os];
    const page = await pageAs(browser, computer, buyer.auth);
    const latest = page.locator('div.rounded-2xl', {
      has: page.getByRole('heading', { name: `Latest version ${version}` }),
    });
    const yours = latest.getByRole('region', {
      name: `Download for this computer: ${computer.label}`,
    });
    await expect(yours).toBeVisible();
    await expect(yours.getByText('For your computer')).toBeVisible();
    const expectedName = `flockr-${version}-${os}-${os === 'macos' ? 'universal' : 'x64'}.${ext[os]}`;
    await expect(yours.getByText(expectedName)).toBeVisible();
    const sha = createHash('sha256').update(files[os].data).digest('hex');
    await expect(yours.getByText(sha)).toBeVisible();

    // The other two builds are listed beside it; the blockmap nowhere.
    const others = latest.getByRole('region', { name: `Other builds of ${version}` });
    await expect(others.getByRole('listitem')).toHaveCount(2);
    for (const other of (['windows', 'macos', 'linux'] as const).filter((o) => o !== os)) {
      await expect(others).toContainText(COMPUTERS[other].label);
    }
    await expect(page.getByRole('main')).not.toContainText('blockmap');
    await expectNoSidewaysOverflow(page, `download centre as ${os} sticks out sideways`);
    await page.screenshot({ path: `${SHOTS}/${os}-1280.png`, fullPage: true });
    const axe = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      yours.getByRole('button', { name: `Download for ${computer.name} v${version}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(expectedName);
    const saved = await readFile(await download.path());
    expect(Buffer.compare(saved, files[os].data)).toBe(0);
    await page.context().close();
  }

  // A phone: which computers it runs on, and the links by e-mail first; at 375 px.
  const phone = await pageAs(
    browser,
    {
      ...COMPUTERS.linux,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
      hints: {},
    },
    buyer.auth,
    { width: 375, height: 800 },
  );
  await expect(
    phone.getByText('This is a desktop program. It runs on Windows, macOS and Linux computers.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(
    phone.getByRole('region', { name: `Builds of ${version}` }).getByRole('listitem'),
  ).toHaveCount(3);
  await expectNoSidewaysOverflow(phone, 'download centre on a phone sticks out sideways');
  await phone.screenshot({ path: `${SHOTS}/phone-375.png`, fullPage: true });
  await phone.context().close();
});

test('a computer the version has no build for is told so, and offered the others', async ({
  browser,
  request,
}) => {
  // On Alpha, which only this buyer follows, and newer than any other spec's release.
  const version = `10.0.0-alpha.w${randomBytes(3).toString('hex')}`;
  const buyer = await apiSubscribedUser(request, 'nobuild');
  await request.put('/api/v1/updates/me', { headers: buyer.headers, data: { channel: 'alpha' } });
  await publish(request, 'alpha', version, [
    {
      fields: { platform: 'windows', arch: 'x64', kind: 'installer' },
      name: 'Setup.exe',
      data: randomBytes(8 * 1024),
    },
  ]);

  const page = await pageAs(browser, COMPUTERS.linux, buyer.auth);
  await expect(
    page.getByText(
      `Version ${version} has no build for Linux (x64). Choose a build for another computer below`,
      { exact: false },
    ),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Builds of ${version}` })
      .getByText('Windows (x64) · Installer'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/no-build-1280.png`, fullPage: true });

  // The header's Download says the same, and leads to the download centre.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    `Version ${version} has no build for Linux (x64).`,
  );
  await page.getByRole('link', { name: 'Choose a build' }).click();
  await expect(page).toHaveURL(/\/downloads$/);
  await page.context().close();
});
