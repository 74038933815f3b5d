import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, API_ERROR_CODES, API_ERRORS, CLIENT_ERRORS } from '@flockr/contract';
import { SignedInOnly } from '../../../app/guards';
import DownloadsRoute from '../../../app/routes/downloads';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { WINDOWS_COMPUTER, makeBuild, makeDownloadVersion, makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { PHONE_QUERY } from '../lib/use-phone-layout';

const SHA = 'a'.repeat(64);

const versions = [
  makeDownloadVersion('1.1.0'),
  makeDownloadVersion('1.0.0', {
    release_date: '2026-09-01',
    notes: null,
    builds: [
      makeBuild('1.0.0', { platform: 'windows', arch: 'x64', kind: 'installer', sha256: null }),
      makeBuild('1.0.0', { platform: 'linux', arch: 'x64', kind: 'deb' }),
    ],
  }),
];
const computer = WINDOWS_COMPUTER;

/** /downloads inside its guard, signed in unless `signedOut`. */
function renderCentre({ signedOut = false } = {}) {
  if (!signedOut) {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
  }
  return renderRoute(<DownloadsRoute />, {
    path: '/downloads',
    layout: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.downloads} />,
  });
}

/** Makes the viewport a phone's (or not) for `usePhoneLayout`. */
function setPhone(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches && query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

let handed: string[];
beforeEach(() => {
  handed = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    handed.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/downloads (download centre)', () => {
  it('denies access signed out, with Go to Login back to /downloads', async () => {
    renderCentre({ signedOut: true });
    expect(await screen.findByText('Please log in to view your downloads')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?redirect=/downloads',
    );
  });

  it("shows the latest version's build for this computer first, the other builds beside it, the earlier versions and the history", async () => {
    mockEndpoint(API.downloads.versions, { versions, computer });
    mockEndpoint(API.downloads.history, {
      downloads: [
        {
          id: '10000000-0000-4000-8000-000000000001',
          version: '1.0.0',
          filename: 'flockr-1.0.0-windows-x64.exe',
          downloaded_at: '2026-11-20T09:30:00.000Z',
        },
      ],
    });
    renderCentre();
    const latest = (await screen.findByRole('heading', { name: 'Latest version 1.1.0' })).closest(
      'div.rounded-2xl',
    ) as HTMLElement;
    expect(within(latest).getByText('Notes of 1.1.0')).toBeInTheDocument();
    expect(within(latest).getByText('What changed in 1.1.0')).toBeInTheDocument();
    expect(within(latest).getByText('Nov 1, 2026', { exact: false })).toBeInTheDocument();

    const yours = within(latest).getByRole('region', {
      name: 'Download for this computer: Windows (x64) · Installer',
    });
    expect(within(yours).getByText('For your computer')).toBeInTheDocument();
    expect(within(yours).getByText('flockr-1.1.0-windows-x64.exe')).toBeInTheDocument();
    expect(within(yours).getByText('1.6 MB')).toBeInTheDocument();
    expect(within(yours).getByText(SHA)).toBeInTheDocument();
    expect(
      within(yours).getByRole('button', { name: 'Download for Windows (x64) v1.1.0' }),
    ).toHaveTextContent('Download for Windows');

    const others = within(latest).getByRole('region', { name: 'Other builds of 1.1.0' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('macOS (Apple silicon and Intel) · Disk image'),
      expect.stringContaining('Linux (x64) · AppImage'),
    ]);
    expect(within(others).getByText('flockr-1.1.0-macos-universal.dmg')).toBeInTheDocument();
    expect(within(others).getAllByText(`SHA-256 ${SHA}`)).toHaveLength(2);

    expect(screen.getByRole('heading', { name: 'Version 1.0.0' })).toBeInTheDocument();
    expect(screen.getByText('No release notes for this version.')).toBeInTheDocument();
    expect(screen.getByText('SHA-256 not available')).toBeInTheDocument();

    const history = screen
      .getByRole('heading', { name: 'Your downloads' })
      .closest('div.rounded-2xl') as HTMLElement;
    expect(await within(history).findByText('flockr-1.0.0-windows-x64.exe')).toBeInTheDocument();
  });

  it("downloads the build shown: this computer's, another one, and an earlier version's", async () => {
    mockEndpoint(API.downloads.versions, { versions, computer });
    mockEndpoint(API.downloads.history, { downloads: [] });
    const all = versions.flatMap((v) => v.builds.map((b) => ({ version: v.version, build: b })));
    mockEndpoint(API.downloads.link, ({ url }) => {
      const { version, build } = all.find((x) => x.build.id === url.searchParams.get('build'))!;
      return {
        download_url: `http://localhost:3000/api/v1/downloads/file?token=t${build.id}`,
        filename: build.filename,
        version,
        expires_at: '2099-01-01T00:00:00.000Z',
        platform: build.platform,
        arch: build.arch,
        kind: build.kind,
      };
    });
    renderCentre();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download for Windows (x64) v1.1.0' }),
    );
    await waitFor(() => expect(handed).toEqual(['flockr-1.1.0-windows-x64.exe']));
    // The latest: no version (the server's newest), the build by id.
    const first = callsTo(API.downloads.link)[0]!.url.searchParams;
    expect(first.has('version')).toBe(false);
    expect(first.get('build')).toBe(versions[0]!.builds[0]!.id);

    await userEvent.click(
      screen.getByRole('button', { name: 'Download flockr-1.1.0-macos-universal.dmg' }),
    );
    await waitFor(() => expect(handed).toHaveLength(2));
    expect(handed[1]).toBe('flockr-1.1.0-macos-universal.dmg');

    await userEvent.click(screen.getByText('Other builds of 1.0.0 (1)'));
    await userEvent.click(
      screen.getByRole('button', { name: 'Download flockr-1.0.0-linux-x64.deb' }),
    );
    await waitFor(() => expect(handed).toHaveLength(3));
    expect(handed[2]).toBe('flockr-1.0.0-linux-x64.deb');
    expect(callsTo(API.downloads.link)[2]!.url.searchParams.get('version')).toBe('1.0.0');
    expect(
      await screen.findByText('No downloads yet. Each version you download appears here.'),
    ).toBeInTheDocument();
  });

  it('says in words when a version has no build for this computer, and offers the others', async () => {
    const windowsOnly = makeDownloadVersion('1.1.0', {
      builds: [makeBuild('1.1.0', { platform: 'windows', arch: 'x64', kind: 'installer' })],
      recommended_build_id: null,
    });
    mockEndpoint(API.downloads.versions, {
      versions: [windowsOnly],
      computer: { platform: 'macos', arch: 'arm64', mobile: false },
    });
    mockEndpoint(API.downloads.history, { downloads: [] });
    renderCentre();
    expect(
      await screen.findByText(
        /Version 1\.1\.0 has no build for macOS \(Apple silicon\)\. Choose a build for another computer below/,
      ),
    ).toBeInTheDocument();
    const builds = screen.getByRole('region', { name: 'Builds of 1.1.0' });
    expect(within(builds).getByText('Windows (x64) · Installer')).toBeInTheDocument();
    expect(screen.queryByText('For your computer')).not.toBeInTheDocument();
  });

  it('on a phone says which computers it runs on and offers to e-mail the links first', async () => {
    setPhone(true);
    const phoneVersions = versions.map((v) => ({ ...v, recommended_build_id: null }));
    mockEndpoint(API.downloads.versions, {
      versions: phoneVersions,
      computer: { platform: null, arch: null, mobile: true },
    });
    mockEndpoint(API.downloads.history, { downloads: [] });
    mockEndpoint(API.downloads.emailLink, {
      message:
        'We sent the links to version 1.0.0 for every computer to alice@example.com. They work for 24 hours.',
      sent_to: 'alice@example.com',
      version: '1.0.0',
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    renderCentre();
    expect(
      await screen.findByText(
        'This is a desktop program. It runs on Windows, macOS and Linux computers. Have the link e-mailed to you and open it on your computer.',
      ),
    ).toBeInTheDocument();
    const latest = screen
      .getByRole('heading', { name: 'Latest version 1.1.0' })
      .closest('div.rounded-2xl') as HTMLElement;
    expect(within(latest).getAllByRole('button')[0]).toHaveAccessibleName(
      'E-mail me the link to v1.1.0',
    );
    expect(within(latest).getByRole('region', { name: 'Builds of 1.1.0' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'E-mail me the link to v1.0.0' }));
    expect(
      await screen.findAllByText(
        'We sent the links to version 1.0.0 for every computer to alice@example.com. They work for 24 hours.',
      ),
    ).not.toHaveLength(0);
    expect(callsTo(API.downloads.emailLink)[0]!.body).toEqual({ version: '1.0.0' });
    expect(handed).toEqual([]);
  });

  it("e-mails the latest's build for this computer first, and shows a refusal from the server", async () => {
    mockEndpoint(API.downloads.versions, { versions, computer });
    mockEndpoint(API.downloads.history, { downloads: [] });
    mockEndpoint(
      API.downloads.emailLink,
      reply(429, { error: API_ERRORS.tooManyRequests, code: API_ERROR_CODES.tooManyRequests }),
    );
    renderCentre();
    await userEvent.click(
      await screen.findByRole('button', { name: 'E-mail me the link to v1.1.0' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later',
    );
    expect(callsTo(API.downloads.emailLink)[0]!.body).toEqual({
      build: versions[0]!.builds[0]!.id,
    });
  });

  it('without a subscription says so and leads to the plans, without asking for the history', async () => {
    mockEndpoint(
      API.downloads.versions,
      reply(403, {
        error: API_ERRORS.subscriptionRequired,
        code: API_ERROR_CODES.subscriptionRequired,
      }),
    );
    renderCentre();
    expect(
      await screen.findByRole('heading', { name: 'Active subscription required to download' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/plans');
    expect(callsTo(API.downloads.history)).toHaveLength(0);
  });
});
