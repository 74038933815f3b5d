import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_ERRORS } from '@flockr/contract';
import AdminRoute from '../../../app/routes/admin';
import { makeEntry } from '../../../test/fixtures';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';
import { makeAdmin } from '../test/fixtures';

const published = makeEntry({ view_count: 12 });
const draft = makeEntry({
  id: '22222222-3333-4444-8555-000000000002',
  version: '1.3.0',
  title: 'Scheduling',
  is_published: false,
});

/** Renders the changelog tab with `routes`. */
function renderChangelog(routes: Parameters<typeof mockApi>[0] = {}) {
  const me = makeAdmin();
  signIn(me);
  const api = mockApi({
    'GET /auth/me': { user: me },
    'GET /admin/changelog': { changelog_entries: [draft, published] },
    ...routes,
  });
  return {
    ...api,
    ...renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=changelog' }),
  };
}

describe('admin changelog tab', () => {
  it('lists drafts and published entries with view counts; Publish only on drafts', async () => {
    renderChangelog();
    const table = await screen.findByRole('table', { name: 'Changelog entries' });
    const [, draftRow, publishedRow] = within(table).getAllByRole('row');
    expect(within(draftRow!).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow!).getByRole('button', { name: 'Publish version 1.3.0' })).toBeVisible();
    expect(within(publishedRow!).getByText('Published')).toBeInTheDocument();
    expect(within(publishedRow!).getByText('12')).toBeInTheDocument();
    expect(within(publishedRow!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('publishes a draft with PUT is_published true', async () => {
    const { callsTo } = renderChangelog({
      [`PUT /admin/changelog/${draft.id}`]: json({ entry: { ...draft, is_published: true } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish version 1.3.0' }));
    expect(await screen.findByText('Version 1.3.0 published')).toBeInTheDocument();
    expect(callsTo(`PUT /admin/changelog/${draft.id}`)[0]!.body).toEqual({ is_published: true });
  });

  it('renders a live markdown preview without raw HTML', async () => {
    renderChangelog();
    await userEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const form = screen.getByRole('form', { name: 'New changelog entry' });
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('The formatted changes appear here as you type.');

    const changes = within(form).getByRole('textbox', { name: 'Changes (markdown)' });
    await userEvent.click(changes);
    await userEvent.paste(
      '## New\n\n- **Bold** item\n\n<script>window.hacked = true</script>\n\n<b>raw</b>',
    );
    expect(within(preview).getByRole('heading', { name: 'New' })).toBeInTheDocument();
    expect(within(preview).getByRole('listitem')).toHaveTextContent('Bold item');
    expect(within(preview).getByText('Bold').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('validates with the contract messages, then creates a draft or a published entry', async () => {
    const { callsTo } = renderChangelog({
      'POST /admin/changelog': json({ entry: { ...draft, version: '2.0.0' } }, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const form = screen.getByRole('form', { name: 'New changelog entry' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(await within(form).findByText('Version is required')).toBeInTheDocument();
    expect(within(form).getByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('Changes are required')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), 'v2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(
      await within(form).findByText('Version must be a semantic version such as 1.2.0'),
    ).toBeInTheDocument();

    const version = within(form).getByRole('textbox', { name: 'Version' });
    await userEvent.clear(version);
    await userEvent.type(version, '2.0.0');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Big release');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Changes (markdown)' }),
      '- Everything',
    );
    const date = within(form).getByLabelText('Release date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-01');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Publish now' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(callsTo('POST /admin/changelog')).toHaveLength(1));
    expect(callsTo('POST /admin/changelog')[0]!.body).toEqual({
      version: '2.0.0',
      title: 'Big release',
      changes: '- Everything',
      release_date: '2026-12-01',
      is_published: true,
    });
  });

  it('shows the default create error when the server gives no text', async () => {
    renderChangelog({ 'POST /admin/changelog': new Response('', { status: 500 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const form = screen.getByRole('form', { name: 'New changelog entry' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.0.0');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'T');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Changes (markdown)' }), 'x');
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.createChangelog,
    );
  });
});
