/**
 * The tools every admin table shares (admin-list.tsx, admin-table.tsx, list-params.ts): sorting
 * by a column, the date range, Export CSV (server lists and lists held in full), and dropping a
 * file on the upload form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CSV_BOM, type User } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { currentUrl } from '../../../test/render';
import { makeAdminDownload, makeAdminPlan, pageOf } from '../test/fixtures';
import { makeReleaseDetail, makeVersion } from '../test/release-fixtures';
import { lastQuery, renderAdmin, renderDownloadsTab } from '../test/render';

const bob = makeUser({ id: 'bbbbbbbb-0000-4000-8000-000000000002', username: 'bob' });
const usersPage = (users: User[]) => ({ users, pagination: pageOf(users.length) });

/** Files the page saved: name and content, captured from the temporary download link. */
let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('sorting a server list', () => {
  it('shows the default order, sorts by a heading both ways, and keeps it in the URL', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    const { router } = renderAdmin('/admin?tab=users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('columnheader', { name: /Joined/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Username' }));
    await waitFor(() =>
      expect(lastQuery(API.admin.users)).toMatchObject({ sort: 'username', dir: 'asc' }),
    );
    expect(within(table).getByRole('columnheader', { name: /Username/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: /Joined/ })).not.toHaveAttribute(
      'aria-sort',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Username' }));
    await waitFor(() =>
      expect(lastQuery(API.admin.users)).toMatchObject({ sort: 'username', dir: 'desc' }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=users&sort=username&dir=desc');
    // Not every column sorts: the subscription has no button.
    expect(within(table).queryByRole('button', { name: 'Subscription' })).not.toBeInTheDocument();
  });

  it('offers the same order as a select (phones, where the headings give way to cards)', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    renderAdmin('/admin?tab=users');
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('created_at:desc');
    await userEvent.selectOptions(select, 'Email, ascending');
    await waitFor(() =>
      expect(lastQuery(API.admin.users)).toMatchObject({ sort: 'email', dir: 'asc' }),
    );
  });

  it('ignores an unknown column in the URL (default order, nothing sent)', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    renderAdmin('/admin?tab=users&sort=password&dir=sideways&from=2026-02-31');
    await screen.findByRole('table', { name: 'Users' });
    expect(lastQuery(API.admin.users)).not.toHaveProperty('sort');
    expect(lastQuery(API.admin.users)).not.toHaveProperty('from');
  });
});

describe('the date range', () => {
  it('sends from and to, bounds each by the other, and Clear filters removes them', async () => {
    mockEndpoint(API.admin.users, ({ url }) =>
      usersPage(url.searchParams.get('to') === '2026-01-31' ? [] : [bob]),
    );
    renderAdmin('/admin?tab=users');
    const from = await screen.findByLabelText('Joined from');
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    await waitFor(() => expect(lastQuery(API.admin.users)).toMatchObject({ from: '2026-01-01' }));
    const to = screen.getByLabelText('Joined to');
    expect(to).toHaveAttribute('min', '2026-01-01');
    fireEvent.change(to, { target: { value: '2026-01-31' } });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByLabelText('Joined from')).toHaveAttribute('max', '2026-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('table', { name: 'Users' });
    expect(lastQuery(API.admin.users)).not.toHaveProperty('from');
    expect(lastQuery(API.admin.users)).not.toHaveProperty('to');
  });
});

describe('Export CSV of a server list', () => {
  it('asks the export endpoint with the filters and order shown and saves its file', async () => {
    mockEndpoint(API.admin.orders, { orders: [], pagination: pageOf(0) });
    mockEndpoint(API.admin.paymentEvents, { events: [], pagination: pageOf(0) });
    mockEndpoint(
      API.admin.exportOrders,
      () =>
        new Response(`${CSV_BOM}ID\r\n`, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="orders-2026-05-01.csv"',
          },
        }),
    );
    renderAdmin('/admin?tab=orders&status=COMPLETED&sort=amount&dir=asc&page=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('orders-2026-05-01.csv');
    const [sent] = callsTo(API.admin.exportOrders);
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({
      status: 'COMPLETED',
      sort: 'amount',
      dir: 'asc',
    });
    expect(sent!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('says why when the export fails', async () => {
    mockEndpoint(API.admin.users, usersPage([bob]));
    mockEndpoint(API.admin.exportUsers, reply(500, { error: 'Database is away', code: 'X' }));
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Database is away')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});

describe('a list held in full (program versions)', () => {
  const old = makeVersion(
    {
      id: '11111111-0000-4000-8000-000000000001',
      version: '1.9.0',
      release_date: '2026-01-10',
      download_count: 5,
    },
    { filename: '=cmd|calc.zip' },
  );
  const recent = makeVersion({
    id: '11111111-0000-4000-8000-000000000002',
    version: '1.10.0',
    release_date: '2026-03-01',
    download_count: 1,
  });
  /** A release manager's draft without a file yet. */
  const draft = makeReleaseDetail({
    id: '11111111-0000-4000-8000-000000000003',
    version: '1.11.0-beta.1',
    channel: 'beta',
    release_date: '2026-03-02',
    is_active: false,
    published_at: null,
    download_count: 0,
    artifacts: [],
  });
  const versions = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

  it('sorts here by any sortable column (versions in number order), newest release first', async () => {
    renderDownloadsTab([old, recent]);
    await screen.findByRole('table', { name: 'Program versions' });
    expect(versions()).toEqual(['v1.10.0', 'v1.9.0']);
    await userEvent.click(screen.getByRole('button', { name: 'Version' }));
    expect(versions()).toEqual(['v1.9.0', 'v1.10.0']);
    await userEvent.click(screen.getByRole('button', { name: 'Downloads' }));
    expect(versions()).toEqual(['v1.10.0', 'v1.9.0']);
    expect(callsTo(API.admin.releaseDetails)).toHaveLength(1);
  });

  it('filters by release date and exports what it shows as formula-safe CSV', async () => {
    renderDownloadsTab([old, recent], { url: '/admin?tab=downloads&to=2026-02-01' });
    await screen.findByRole('table', { name: 'Program versions' });
    expect(versions()).toEqual(['v1.9.0']);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^versions-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await saved[0]!.blob.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Version,Filename,Size (bytes),Released,Active,Downloads,SHA-256,External URL',
    );
    expect(lines[1]).toBe(`1.9.0,'=cmd|calc.zip,1572864,2026-01-10,true,5,${'ab'.repeat(32)},`);
    expect(lines).toHaveLength(3);
  });

  it('lists and exports a release without a file with empty file cells', async () => {
    renderDownloadsTab([old, draft], { url: '/admin?tab=downloads&from=2026-03-01' });
    await screen.findByRole('table', { name: 'Program versions' });
    // The version, then what sets it apart (its channel, a draft).
    expect(versions()).toEqual([expect.stringMatching(/^v1\.11\.0-beta\.1Beta/)]);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await saved[0]!.blob.text()).split('\r\n');
    expect(lines[1]).toBe('1.11.0-beta.1,,,2026-03-02,false,0,,');
  });
});

describe('the upload form', () => {
  it('takes a file dropped on it, names it, and uploads it', async () => {
    mockEndpoint(API.admin.uploadRelease, { download: makeAdminDownload({ version: '3.0.0' }) });
    renderDownloadsTab([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add version' }));
    const form = screen.getByRole('form', { name: 'Upload a file' });
    const zone = within(form).getByTestId('file-drop');
    const file = new File(['0123456789'], 'dropped.zip', { type: 'application/zip' });
    const files = Object.assign([file], { item: (i: number) => [file][i] ?? null });
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files, dropEffect: 'none' } });
    expect(within(form).getByText('Drop the file to choose it')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
    expect(within(form).getByText('dropped.zip · 10 B')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '3.0.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    await waitFor(() => expect(callsTo(API.admin.uploadRelease)).toHaveLength(1));
  });
});

describe('plans (cards)', () => {
  it('export as CSV from the list header', async () => {
    mockEndpoint(API.admin.plans, { plans: [makeAdminPlan({ name: '@Pro' })] });
    renderAdmin('/admin?tab=plans');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const [header, row] = (await saved[0]!.blob.text()).replace(CSV_BOM, '').split('\r\n');
    expect(header).toBe(
      'Name,Monthly price,Yearly price,Currency,Active,Subscribers,Revenue,Created',
    );
    expect(row!.startsWith("'@Pro,")).toBe(true);
  });
});
