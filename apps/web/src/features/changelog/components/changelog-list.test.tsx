import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGELOG_PAGE_SIZE } from '@flockr/contract';
import { makeEntry } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mock-api';
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
  return json({
    changelog: entries.slice(start, start + CHANGELOG_PAGE_SIZE),
    pagination: { total: entries.length, page, limit: CHANGELOG_PAGE_SIZE, total_pages: 2 },
  });
}

describe('changelog', () => {
  it('loads more entries, and expands one to show its markdown without raw HTML', async () => {
    const { callsTo } = mockApi({
      'GET /changelog': ({ url }) => pageAnswer(Number(url.searchParams.get('page'))),
    });
    renderRoute(<ChangelogList />);
    expect(await screen.findByText('Release 12')).toBeInTheDocument();
    expect(callsTo('GET /changelog')[0]!.url.searchParams.get('limit')).toBe(
      String(CHANGELOG_PAGE_SIZE),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load More Entries' }));
    expect(await screen.findByText('Release 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Entries' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: /Release 12/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Improvements' })).toBeInTheDocument();
    expect(screen.getByText('twice').tagName).toBe('STRONG');
  });

  it('does not render raw HTML from an entry', async () => {
    mockApi({
      'GET /changelog': {
        changelog: [makeEntry({ changes: 'Hello <img src=x onerror="alert(1)"> world' })],
        pagination: { total: 1, page: 1, limit: 10, total_pages: 1 },
      },
    });
    const { container } = renderRoute(<ChangelogList />);
    await userEvent.click(await screen.findByRole('button', { name: /Faster targeting/ }));
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the error with Try Again, then the empty state', async () => {
    let fail = true;
    mockApi({
      'GET /changelog': () =>
        fail
          ? json({ error: 'Failed to fetch changelog' }, 500)
          : json({ changelog: [], pagination: { total: 0, page: 1, limit: 10, total_pages: 0 } }),
    });
    renderRoute(<ChangelogList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch changelog');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { name: 'No Changelog Entries' }),
    ).toBeInTheDocument();
  });
});
