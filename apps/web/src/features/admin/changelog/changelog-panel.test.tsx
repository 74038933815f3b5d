import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeEntry } from '../../../test/fixtures';
import { apiError, gatewayError, renderAdmin } from '../test/render';

const published = makeEntry({ view_count: 12 });
const draft = makeEntry({
  id: '22222222-3333-4444-8555-000000000002',
  version: '1.3.0',
  title: 'Scheduling',
  is_published: false,
});

/** Renders the changelog tab listing the draft and the published entry. */
function renderChangelog() {
  mockEndpoint(API.admin.changelog, { changelog_entries: [draft, published] });
  return renderAdmin('/admin?tab=changelog');
}

/** Opens the New entry form. */
async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'New entry' }));
  return screen.getByRole('form', { name: 'New changelog entry' });
}

/** Fills the required fields of the form with a valid entry. */
async function fillValid(form: HTMLElement) {
  await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.0.0');
  await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'T');
  await userEvent.type(within(form).getByRole('textbox', { name: 'Changes (markdown)' }), 'x');
}

describe('admin changelog tab', () => {
  it('lists drafts and published entries with view counts; Publish on drafts, Unpublish on published ones', async () => {
    renderChangelog();
    const table = await screen.findByRole('table', { name: 'Changelog entries' });
    const [, draftRow, publishedRow] = within(table).getAllByRole('row');
    expect(within(draftRow!).getByText('Draft')).toBeInTheDocument();
    expect(within(draftRow!).getByRole('button', { name: 'Publish version 1.3.0' })).toBeVisible();
    expect(within(publishedRow!).getByText('Published')).toBeInTheDocument();
    expect(within(publishedRow!).getByText('12')).toBeInTheDocument();
    expect(
      within(publishedRow!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Unpublish', 'Archive']);
    // Nothing is ever deleted.
    expect(within(table).queryByRole('button', { name: /delete/i })).toBeNull();
  });

  it('unpublishes and archives with PUT; an archived entry offers only Restore', async () => {
    const archived = makeEntry({
      id: '22222222-3333-4444-8555-000000000003',
      version: '0.9.0',
      is_published: false,
    });
    mockEndpoint(API.admin.changelog, {
      changelog_entries: [published, { ...archived, archived_at: '2026-11-20T10:00:00.000Z' }],
    });
    mockEndpoint(API.admin.updateChangelog, ({ body }) => ({
      entry: {
        ...published,
        is_published: false,
        archived_at: (body as { archived?: boolean }).archived ? '2026-11-21T10:00:00.000Z' : null,
      },
    }));
    renderAdmin('/admin?tab=changelog');
    await userEvent.click(
      await screen.findByRole('button', { name: `Unpublish version ${published.version}` }),
    );
    expect(await screen.findByText(`Version ${published.version} unpublished`)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: `Archive version ${published.version}` }),
    );
    expect(await screen.findByText(`Version ${published.version} archived`)).toBeInTheDocument();
    expect(callsTo(API.admin.updateChangelog).map((c) => c.body)).toEqual([
      { is_published: false },
      { archived: true },
    ]);
    const row = screen.getByRole('row', { name: /v0\.9\.0/ });
    expect(within(row).getByText('Archived')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Restore']);
  });

  it('edits an entry in the form, prefilled, with PUT', async () => {
    mockEndpoint(API.admin.updateChangelog, { entry: { ...published, title: 'Better title' } });
    renderChangelog();
    await userEvent.click(
      await screen.findByRole('button', { name: `Edit version ${published.version}` }),
    );
    const form = screen.getByRole('form', { name: `Edit changelog entry ${published.version}` });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue(published.title);
    await userEvent.clear(title);
    await userEvent.type(title, 'Better title');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(API.admin.updateChangelog)).toHaveLength(1));
    const [put] = callsTo(API.admin.updateChangelog);
    expect(put!.params.id).toBe(published.id);
    expect(put!.body).toMatchObject({ title: 'Better title', version: published.version });
  });

  it('publishes a draft with PUT is_published true', async () => {
    mockEndpoint(API.admin.updateChangelog, { entry: { ...draft, is_published: true } });
    renderChangelog();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish version 1.3.0' }));
    expect(await screen.findByText('Version 1.3.0 published')).toBeInTheDocument();
    const [put] = callsTo(API.admin.updateChangelog);
    expect(put!.params.id).toBe(draft.id);
    expect(put!.body).toEqual({ is_published: true });
  });

  it("shows the server's text above the list when publishing fails", async () => {
    mockEndpoint(API.admin.updateChangelog, reply(404, apiError('changelogNotFound')));
    renderChangelog();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish version 1.3.0' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Changelog entry not found');
  });

  it('renders a live markdown preview without raw HTML', async () => {
    renderChangelog();
    const form = await openForm();
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('The formatted changes appear here as you type.');

    const changes = within(form).getByRole('textbox', { name: 'Changes (markdown)' });
    await userEvent.click(changes);
    await userEvent.paste(
      '## New\n\n- **Bold** item\n\n<script>window.hacked = true</script>\n\n<b>raw</b>',
    );
    expect(await within(preview).findByRole('heading', { name: 'New' })).toBeInTheDocument();
    expect(within(preview).getByRole('listitem')).toHaveTextContent('Bold item');
    expect(within(preview).getByText('Bold').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('validates with the contract messages, then creates a draft or a published entry', async () => {
    mockEndpoint(API.admin.createChangelog, {
      entry: { ...draft, version: '2.0.0', is_published: true },
    });
    renderChangelog();
    const form = await openForm();
    expect(within(form).getByRole('textbox', { name: 'Version' })).toHaveFocus();
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
    await waitFor(() => expect(callsTo(API.admin.createChangelog)).toHaveLength(1));
    expect(callsTo(API.admin.createChangelog)[0]!.body).toEqual({
      version: '2.0.0',
      title: 'Big release',
      changes: '- Everything',
      release_date: '2026-12-01',
      is_published: true,
    });
    expect(await screen.findByText('Version 2.0.0 published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('saves a draft unless Publish now is checked', async () => {
    mockEndpoint(API.admin.createChangelog, { entry: { ...draft, version: '2.0.0' } });
    renderChangelog();
    const form = await openForm();
    await fillValid(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('Draft for version 2.0.0 saved')).toBeInTheDocument();
    expect(callsTo(API.admin.createChangelog)[0]!.body).toMatchObject({ is_published: false });
  });

  it("shows the server's 409 inside the form", async () => {
    mockEndpoint(API.admin.createChangelog, reply(409, apiError('changelogVersionTaken')));
    renderChangelog();
    const form = await openForm();
    await fillValid(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A changelog entry for this version already exists',
    );
  });

  it('shows the default create error when the answer carries no text', async () => {
    mockEndpoint(API.admin.createChangelog, gatewayError);
    renderChangelog();
    const form = await openForm();
    await fillValid(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.createChangelog,
    );
  });
});
