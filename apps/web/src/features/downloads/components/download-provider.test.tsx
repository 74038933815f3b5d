import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_ERRORS, DOWNLOAD_ERROR_BANNER_MS } from '@flockr/contract';
import { ApiError } from '../../../lib/api-client';
import { makeUser } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';
import { downloadErrorMessage } from '../lib/download-file';
import { DownloadErrorBanner } from './download-error-banner';
import { useDownload } from './use-download';

const t = CLIENT_ERRORS.download;

describe('downloadErrorMessage (spec section 8)', () => {
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
      <button type="button" onClick={() => void download()}>
        latest
      </button>
      <button type="button" onClick={() => void download({ version: '1.2.0' })}>
        chosen
      </button>
      <p data-testid="downloading">{String(downloading)}</p>
    </div>
  );
}

const link = (version: string) => ({
  download_url: `/api/v1/downloads/file/signed-${version}`,
  filename: `flockr-v${version}.zip`,
  version,
  expires_at: '2099-01-01T00:00:00.000Z',
});

const latest = {
  id: '33333333-4444-4555-8666-777777777777',
  version: '1.3.0',
  filename: 'Flockr-Setup-1.3.0.zip',
  file_size: 1024,
  file_size_formatted: '1 KB',
  sha256: null,
  release_date: '2026-11-01',
  is_active: true,
};

let saved: Array<{ href: string; download: string }>;

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:http://localhost:3000/file'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderProbe() {
  return renderRoute(<DownloadProbe />);
}

describe('useDownload', () => {
  it('refuses when signed out with "Please login first to download"', async () => {
    const { calls } = mockApi();
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.loginFirst);
    expect(calls.filter((c) => c.path.startsWith('/downloads'))).toHaveLength(0);
  });

  it('saves a chosen version as {product}-v{version}.zip and refreshes the history', async () => {
    const user = makeUser();
    signIn(user);
    const { callsTo } = mockApi({
      'GET /auth/me': { user },
      'GET /downloads/link': link('1.2.0'),
      'GET /downloads/file/signed-1.2.0': new Response(new Blob(['zip'])),
    });
    const { queryClient } = renderProbe();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      href: 'blob:http://localhost:3000/file',
      download: 'flockr-v1.2.0.zip',
    });
    expect(callsTo('GET /downloads/link')[0]!.url.searchParams.get('version')).toBe('1.2.0');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['private', 'downloads', 'history'] });
  });

  it('names the latest version after its record, falling back to {product}.zip', async () => {
    const user = makeUser();
    signIn(user);
    const routes = {
      'GET /auth/me': { user },
      'GET /downloads/link': link('1.3.0'),
      'GET /downloads/latest': latest,
      'GET /downloads/file/signed-1.3.0': new Response(new Blob(['zip'])),
    };
    mockApi(routes);
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('Flockr-Setup-1.3.0.zip');

    mockApi({ ...routes, 'GET /downloads/latest': json({ error: 'Download not found' }, 404) });
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.download).toBe('flockr.zip');
  });

  it('refuses a second download while one runs with "Download already in progress"', async () => {
    const user = makeUser();
    signIn(user);
    let release: (r: Response) => void = () => {};
    const { callsTo } = mockApi({
      'GET /auth/me': { user },
      'GET /downloads/link': () => new Promise<Response>((resolve) => (release = resolve)),
      'GET /downloads/file/signed-1.2.0': new Response(new Blob(['zip'])),
    });
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    expect(screen.getByTestId('downloading')).toHaveTextContent('true');
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.inProgress);
    expect(callsTo('GET /downloads/link')).toHaveLength(1);
    release(json(link('1.2.0')));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.getByTestId('downloading')).toHaveTextContent('false');
  });

  it('shows the status text in the red banner for DOWNLOAD_ERROR_BANNER_MS', async () => {
    const user = makeUser();
    signIn(user);
    mockApi({
      'GET /auth/me': { user },
      'GET /downloads/link': json({ error: 'Active subscription required to download' }, 403),
      'GET /downloads/latest': latest,
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'latest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.forbidden);
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a file fetch that gets no answer', async () => {
    const user = makeUser();
    signIn(user);
    mockApi({
      'GET /auth/me': { user },
      'GET /downloads/link': link('1.2.0'),
      'GET /downloads/file/signed-1.2.0': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'chosen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.noResponse);
  });
});
