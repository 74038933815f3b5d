import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  API,
  API_ERRORS,
  API_ERROR_CODES,
  CHANGELOG_PAGE_SIZE,
  CLIENT_ERRORS,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeEntry } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { ChangelogList } from './changelog-list';

const entries = Array.from({ length: 12 }, (_, i) =>
  makeEntry({
    id: `22222222-3333-4444-8555-${String(i).padStart(12, '0')}`,
    version: `1.${12 - i}.0`,
    title: `Release ${12 - i}`,
  }),
);

function pageAnswer(page: number) {
  const start = (page - 1) * CHANGELOG_PAGE_SIZE;
  return {
    changelog: entries.slice(start, start + CHANGELOG_PAGE_SIZE),
    pagination: { total: entries.length, page, limit: CHANGELOG_PAGE_SIZE, total_pages: 2 },
  };
}

const noEntries = {
  changelog: [],
  pagination: { total: 0, page: 1, limit: CHANGELOG_PAGE_SIZE, total_pages: 0 },
};

describe('changelog', () => {
  it('loads more entries, and expands one to show its markdown without raw HTML', async () => {
    mockEndpoint(API.changelog.list, ({ url }) => pageAnswer(Number(url.searchParams.get('page'))));
    mockEndpoint(API.changelog.recordView, undefined);
    renderRoute(<ChangelogList />);
    expect(await screen.findByText('Release 12')).toBeInTheDocument();
    expect(callsTo(API.changelog.list)[0]!.url.searchParams.get('limit')).toBe(
      String(CHANGELOG_PAGE_SIZE),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load More Entries' }));
    expect(await screen.findByText('Release 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Entries' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: /Release 12/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Opening an entry counts one view, once.
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    await waitFor(() => expect(callsTo(API.changelog.recordView)).toHaveLength(1));
    expect(callsTo(API.changelog.recordView)[0]!.url.pathname).toBe(
      '/api/v1/changelog/1.12.0/views',
    );
    expect(await screen.findByRole('heading', { name: 'Improvements' })).toBeInTheDocument();
    expect(screen.getByText('twice').tagName).toBe('STRONG');
  });

  it('does not render raw HTML from an entry, and never shows a failed view count', async () => {
    mockEndpoint(API.changelog.list, {
      changelog: [makeEntry({ changes: 'Hello <img src=x onerror="alert(1)"> world' })],
      pagination: { total: 1, page: 1, limit: CHANGELOG_PAGE_SIZE, total_pages: 1 },
    });
    mockEndpoint(
      API.changelog.recordView,
      reply(404, { error: API_ERRORS.changelogNotFound, code: API_ERROR_CODES.changelogNotFound }),
    );
    const { container } = renderRoute(<ChangelogList />);
    await userEvent.click(await screen.findByRole('button', { name: /Faster targeting/ }));
    expect(await screen.findByText(/Hello.*world/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    await waitFor(() => expect(callsTo(API.changelog.recordView)).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error with Try Again, then the empty state', async () => {
    // A server error answered by a proxy in front, without a body: the spec's default text.
    mockEndpoint(API.changelog.list, () => new HttpResponse(null, { status: 502 }));
    renderRoute(<ChangelogList />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.fetchChangelog,
    );
    mockEndpoint(API.changelog.list, noEntries);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'No Changelog Entries' }),
    ).toBeInTheDocument();
  });

  it("shows the server's text when the next page fails, with Try Again", async () => {
    let failNext = true;
    mockEndpoint(API.changelog.list, ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      if (page === 2 && failNext) {
        return HttpResponse.json(
          { error: API_ERRORS.serverError, code: API_ERROR_CODES.serverError },
          { status: 500 },
        );
      }
      return pageAnswer(page);
    });
    renderRoute(<ChangelogList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load More Entries' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.serverError);
    expect(screen.getByText('Release 12')).toBeInTheDocument();
    failNext = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Release 1')).toBeInTheDocument();
  });

  it('counts a view once an entry has been on screen for a second, once per tab', async () => {
    const observed: { node: Element; fire: (seen: boolean) => void }[] = [];
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(node: Element) {
        observed.push({
          node,
          fire: (seen) =>
            this.callback(
              [{ isIntersecting: seen, target: node } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            ),
        });
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockEndpoint(API.changelog.list, {
        changelog: [makeEntry({ version: '3.1.0', title: 'Shown release' })],
        pagination: { total: 1, page: 1, limit: CHANGELOG_PAGE_SIZE, total_pages: 1 },
      });
      mockEndpoint(API.changelog.recordView, undefined);
      renderRoute(<ChangelogList />);
      await screen.findByText('Shown release');
      const card = observed.at(-1)!;
      // Scrolled past in a blink: no view.
      act(() => card.fire(true));
      act(() => card.fire(false));
      act(() => void vi.advanceTimersByTime(2000));
      expect(callsTo(API.changelog.recordView)).toHaveLength(0);
      // On screen for a second: one view; shown again later in the same tab: still one.
      act(() => card.fire(true));
      act(() => void vi.advanceTimersByTime(1000));
      await waitFor(() => expect(callsTo(API.changelog.recordView)).toHaveLength(1));
      expect(callsTo(API.changelog.recordView)[0]!.url.pathname).toBe(
        '/api/v1/changelog/3.1.0/views',
      );
      act(() => card.fire(false));
      act(() => card.fire(true));
      act(() => void vi.advanceTimersByTime(1000));
      await userEvent.click(screen.getByRole('button', { name: /Shown release/ }));
      expect(callsTo(API.changelog.recordView)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
