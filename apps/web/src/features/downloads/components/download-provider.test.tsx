import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { API, CLIENT_ERRORS, DOWNLOAD_ERROR_BANNER_MS } from '@flockr/contract';
import { ApiError } from '../../../lib/api-client';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { HISTORY_REFRESH_MS } from '../api/start-download';
import { downloadErrorMessage } from '../lib/download-file';
import { DownloadErrorBanner } from './download-error-banner';
import { useDownload } from './use-download';

const t = CLIENT_ERRORS.download;

describe('downloadErrorMessage (requirements §8)', () => {
  it.each([
    [401, t.unauthorized],
    [403, t.forbidden],
    [404, t.notFound],
    [429, t.tooManyRequests],
    [500, t.serverError],
    [502, 'Request failed with status 502'],
  ])('maps HTTP %i to %j', (status, text) => {
    expect(downloadErrorMessage(new ApiError('x', { status, kind: 'http' }))).toBe(text);
  });

  it('maps no answer to "no response received"', () => {
    expect(downloadErrorMessage(new ApiError('Failed to fetch', { kind: 'network' }))).toBe(
      t.noResponse,
    );
    expect(downloadErrorMessage(new ApiError('slow', { kind: 'timeout' }))).toBe(t.noResponse);
  });

  it('maps anything else to the default text', () => {
    expect(downloadErrorMessage(new Error('boom'))).toBe(t.failed);
  });
});

/** Buttons that call the hook, plus the banner. */
function DownloadProbe() {
  const { download, downloading } = useDownload();
  return (
    <div>
      <DownloadErrorBanner />
      <button type="button" onClick={() => download()}>
        latest
      </button>
      <button type="button" onClick={() => download({ version: '1.2.0' })}>
        chosen
      </button>
      <p data-testid="downloading">{String(downloading)}</p>
    </div>
  );
}

/** The link answer of the server for `version`: a signed URL on its own origin, 5 minutes. */
const link = (version: string) => ({
  download_url: `http://localhost:3000/api/v1/downloads/file?token=${encodeURIComponent(`tok.${version}`)}`,
  filename: `flockr-v${version}.zip`,
  version,
  expires_at: '2099-01-01T00:00:00.000Z',
  platform: null,
  arch: null,
  kind: 'zip' as const,
});

/** The `<a download>` clicks the page made: what the browser was handed. */
let handed: Array<{ href: string; download: string }>;
let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  handed = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    handed.push({ href: this.href, download: this.download });
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  // Answered so that a fetch of the file from the page would be recorded (it must not happen).
  mockEndpoint(API.downloads.file, () => new HttpResponse('zip', { status: 200 }));
});

/** The URLs the page fetched. */
function fetchedUrls(): string[] {
  return fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
}

afterEach(() => {
  vi.useRealTimers();
  // The page never fetches the file itself: the browser does, from the handed link.
  expect(callsTo(API.downloads.file)).toEqual([]);
  expect(fetchedUrls().filter((url) => url.includes('/downloads/file'))).toEqual([]);
});

/** Signs a user in (the session is confirmed from `/auth/me`). */
function signedIn() {
  const user = makeUser();
  signIn(user);
  mockEndpoint(API.auth.me, { user });
}

function renderProbe() {
  return renderRoute(<DownloadProbe />);
}

describe('useDownload', () => {
  it('refuses when signed out with "Please login first to download"', async () => {
    mockEndpoint(API.downloads.link, link('1.3.0'));
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loginFirst);
    expect(callsTo(API.downloads.link)).toHaveLength(0);
    expect(handed).toEqual([]);
  });

  it('hands the signed link of a chosen version to the browser and refreshes the history', async () => {
    signedIn();
    mockEndpoint(API.downloads.link, link('1.2.0'));
    const { queryClient } = renderProbe();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    await waitFor(() => expect(handed).toHaveLength(1));
    expect(handed[0]).toEqual({
      href: 'http://localhost:3000/api/v1/downloads/file?token=tok.1.2.0',
      download: 'flockr-v1.2.0.zip',
    });
    expect(callsTo(API.downloads.link)[0]!.url.searchParams.get('version')).toBe('1.2.0');
    // The spy sees the page's requests: only the link was asked for.
    expect(fetchedUrls().filter((url) => url.includes('/downloads/'))).toEqual([
      '/api/v1/downloads/link?version=1.2.0',
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['private', 'downloads', 'history'] });
    expect(await screen.findByText('Downloading flockr-v1.2.0.zip')).toBeInTheDocument();
  });

  it('asks for the latest version without a version, saved under the name the server gives', async () => {
    signedIn();
    mockEndpoint(API.downloads.link, link('1.3.0'));
    mockEndpoint(
      API.downloads.latest,
      reply(404, { error: t.notFound, code: 'RELEASE_NOT_FOUND' }),
    );
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    await waitFor(() => expect(handed).toHaveLength(1));
    expect(callsTo(API.downloads.link)[0]!.url.searchParams.has('version')).toBe(false);
    expect(handed[0]!.download).toBe('flockr-v1.3.0.zip');
    // The link answer names the file: the latest-version record is not needed.
    expect(callsTo(API.downloads.latest)).toHaveLength(0);
  });

  it('refreshes the history again once the browser has asked for the file', async () => {
    signedIn();
    mockEndpoint(API.downloads.link, link('1.2.0'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queryClient } = renderProbe();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    await waitFor(() => expect(handed).toHaveLength(1));
    const refreshes = () =>
      invalidate.mock.calls.filter(
        ([filters]) => String(filters?.queryKey) === 'private,downloads,history',
      ).length;
    expect(refreshes()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_REFRESH_MS));
    expect(refreshes()).toBe(2);
  });

  it('refuses a second download while one runs with "Download already in progress"', async () => {
    signedIn();
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    mockEndpoint(API.downloads.link, async () => {
      await answered;
      return reply(200, link('1.2.0'));
    });
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    expect(screen.getByTestId('downloading')).toHaveTextContent('true');
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.inProgress);
    await waitFor(() => expect(callsTo(API.downloads.link)).toHaveLength(1));
    release();
    await waitFor(() => expect(screen.getByTestId('downloading')).toHaveTextContent('false'));
    expect(handed).toHaveLength(1);

    // Once it is over, the next download may start.
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    await waitFor(() => expect(handed).toHaveLength(2));
  });

  it('shows the status text in the red banner for DOWNLOAD_ERROR_BANNER_MS', async () => {
    signedIn();
    mockEndpoint(
      API.downloads.link,
      reply(403, { error: t.forbidden, code: 'SUBSCRIPTION_REQUIRED' }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.forbidden);
    expect(handed).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "no response received" when the link request gets no answer, and Dismiss hides it', async () => {
    signedIn();
    mockEndpoint(API.downloads.link, () => HttpResponse.error());
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.noResponse);
    expect(handed).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
