import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API,
  API_ERROR_CODES,
  CLIENT_ERRORS,
  DOWNLOAD_ERROR_BANNER_MS,
  buildNotFoundMessage,
} from '@flockr/contract';
import { apiError, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { CHOOSE_BUILD_LABEL, VIEW_PLANS_LABEL } from './download-error-alert';
import { DownloadErrorBanner } from './download-error-banner';
import { useDownload } from './use-download';

const t = CLIENT_ERRORS.download;

/** The banner and a Download button, at `path`. */
function Probe() {
  const { download } = useDownload();
  return (
    <div>
      <DownloadErrorBanner />
      <button type="button" onClick={() => download()}>
        Download
      </button>
    </div>
  );
}

function signedInAnswering(status: 403 | 404) {
  const user = makeUser();
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(
    API.downloads.link,
    status === 403
      ? reply(403, apiError('subscriptionRequired'))
      : reply(404, apiError('downloadNotFound')),
  );
}

afterEach(() => vi.useRealTimers());

describe('download banner without a plan', () => {
  it('keeps the spec message and offers View Plans, which leads to /plans', async () => {
    signedInAnswering(403);
    const { router } = renderRoute(<Probe />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(t.forbidden);
    await userEvent.click(screen.getByRole('link', { name: VIEW_PLANS_LABEL }));
    expect(currentUrl(router)).toBe('/plans');
  });

  it('does not offer View Plans on /plans itself', async () => {
    signedInAnswering(403);
    renderRoute(<Probe />, { path: '/plans' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.forbidden);
    expect(screen.queryByRole('link', { name: VIEW_PLANS_LABEL })).not.toBeInTheDocument();
  });

  it('offers nothing more for a 404', async () => {
    signedInAnswering(404);
    renderRoute(<Probe />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.notFound);
    expect(screen.queryByRole('link', { name: VIEW_PLANS_LABEL })).not.toBeInTheDocument();
  });

  it('says which computer the version has no build for, and leads to the download centre', async () => {
    const user = makeUser();
    signIn(user);
    mockEndpoint(API.auth.me, { user });
    const message = buildNotFoundMessage('1.1.0', 'macos', 'arm64');
    mockEndpoint(
      API.downloads.link,
      reply(404, { error: message, code: API_ERROR_CODES.buildNotFound, builds: [] }),
    );
    const { router } = renderRoute(<Probe />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Version 1.1.0 has no build for macOS (Apple silicon).',
    );
    await userEvent.click(screen.getByRole('link', { name: CHOOSE_BUILD_LABEL }));
    expect(currentUrl(router)).toBe('/downloads');
  });

  it('stays while the focus is inside, then gives DOWNLOAD_ERROR_BANNER_MS again', async () => {
    signedInAnswering(403);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoute(<Probe />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    const link = await screen.findByRole('link', { name: VIEW_PLANS_LABEL });
    act(() => link.focus());
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS * 2));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => link.blur());
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS + 100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays while either the pointer or the focus is inside; leaving with one keeps it', async () => {
    signedInAnswering(403);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoute(<Probe />, { path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    const link = await screen.findByRole('link', { name: VIEW_PLANS_LABEL });
    const holder = screen.getByRole('alert').parentElement!;
    fireEvent.pointerEnter(holder);
    act(() => link.focus());
    // The pointer leaves (the page scrolled under it): the focus still holds the banner.
    fireEvent.pointerLeave(holder);
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS * 2));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    // The pointer comes back, the focus leaves: the pointer holds it.
    fireEvent.pointerEnter(holder);
    act(() => link.blur());
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS * 2));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.pointerLeave(holder);
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_ERROR_BANNER_MS + 100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
