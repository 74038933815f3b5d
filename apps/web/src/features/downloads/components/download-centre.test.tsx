import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  API_ERROR_CODES,
  API_ERRORS,
  CLIENT_ERRORS,
  downloadVersionSchema,
  type DownloadVersion,
} from '@flockr/contract';
import { SignedInOnly } from '../../../app/guards';
import DownloadsRoute from '../../../app/routes/downloads';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { PHONE_QUERY } from '../lib/use-phone-layout';

const SHA = 'a'.repeat(64);

/** A version as `GET /downloads/versions` lists it. */
function makeVersion(version: string, overrides: Partial<DownloadVersion> = {}): DownloadVersion {
  return downloadVersionSchema.parse({
    id: `00000000-0000-4000-8000-00000000${version.replace(/\./g, '').padStart(4, '0')}`,
    version,
    filename: `flockr-v${version}.zip`,
    file_size: 1_572_864,
    file_size_formatted: '1.6 MB',
    sha256: SHA,
    release_date: '2026-11-01',
    is_active: true,
    notes: { title: `Notes of ${version}`, summary: `What changed in ${version}` },
    ...overrides,
  });
}

const versions = [
  makeVersion('1.1.0'),
  makeVersion('1.0.0', { release_date: '2026-09-01', sha256: null, notes: null }),
];

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

  it('shows the latest version with date, size, SHA-256 and notes, the earlier ones, and the history', async () => {
    mockEndpoint(API.downloads.versions, { versions });
    mockEndpoint(API.downloads.history, {
      downloads: [
        {
          id: '10000000-0000-4000-8000-000000000001',
          version: '1.0.0',
          filename: 'flockr-v1.0.0.zip',
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
    expect(within(latest).getByText('1.6 MB')).toBeInTheDocument();
    expect(within(latest).getByText('Nov 1, 2026', { exact: false })).toBeInTheDocument();
    expect(within(latest).getByText(SHA)).toBeInTheDocument();
    expect(within(latest).getByRole('button', { name: 'Download v1.1.0' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Version 1.0.0' })).toBeInTheDocument();
    expect(screen.getByText('No release notes for this version.')).toBeInTheDocument();
    expect(screen.getByText('Not available for this version')).toBeInTheDocument();

    const history = screen
      .getByRole('heading', { name: 'Your downloads' })
      .closest('div.rounded-2xl') as HTMLElement;
    expect(await within(history).findByText('flockr-v1.0.0.zip')).toBeInTheDocument();
  });

  it('downloads the latest by default and an earlier version on request', async () => {
    mockEndpoint(API.downloads.versions, { versions });
    mockEndpoint(API.downloads.history, { downloads: [] });
    mockEndpoint(API.downloads.link, ({ url }) => {
      const version = url.searchParams.get('version') ?? '1.1.0';
      return {
        download_url: `http://localhost:3000/api/v1/downloads/file?token=t${version}`,
        filename: `flockr-v${version}.zip`,
        version,
        expires_at: '2099-01-01T00:00:00.000Z',
      };
    });
    renderCentre();
    await userEvent.click(await screen.findByRole('button', { name: 'Download v1.1.0' }));
    await waitFor(() => expect(handed).toEqual(['flockr-v1.1.0.zip']));
    expect(callsTo(API.downloads.link)[0]!.url.searchParams.has('version')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Download v1.0.0' }));
    await waitFor(() => expect(handed).toEqual(['flockr-v1.1.0.zip', 'flockr-v1.0.0.zip']));
    expect(callsTo(API.downloads.link)[1]!.url.searchParams.get('version')).toBe('1.0.0');
    expect(
      await screen.findByText('No downloads yet. Each version you download appears here.'),
    ).toBeInTheDocument();
  });

  it('on a phone offers to e-mail the link first and says where it went', async () => {
    setPhone(true);
    mockEndpoint(API.downloads.versions, { versions });
    mockEndpoint(API.downloads.history, { downloads: [] });
    mockEndpoint(API.downloads.emailLink, {
      message: 'We sent a link to flockr-v1.0.0.zip to alice@example.com. It works for 24 hours.',
      sent_to: 'alice@example.com',
      version: '1.0.0',
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    renderCentre();
    expect(
      await screen.findByText(/This is a desktop program\. Have the link e-mailed/),
    ).toBeInTheDocument();
    const latest = screen
      .getByRole('heading', { name: 'Latest version 1.1.0' })
      .closest('div.rounded-2xl') as HTMLElement;
    const buttons = within(latest).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'E-mail me the link to v1.1.0',
      'Download here: v1.1.0',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'E-mail me the link to v1.0.0' }));
    expect(
      await screen.findAllByText(
        'We sent a link to flockr-v1.0.0.zip to alice@example.com. It works for 24 hours.',
      ),
    ).not.toHaveLength(0);
    expect(callsTo(API.downloads.emailLink)[0]!.body).toEqual({ version: '1.0.0' });
    expect(handed).toEqual([]);
  });

  it('sends no version for the latest, and shows a refusal from the server', async () => {
    mockEndpoint(API.downloads.versions, { versions });
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
    expect(callsTo(API.downloads.emailLink)[0]!.body).toEqual({});
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
