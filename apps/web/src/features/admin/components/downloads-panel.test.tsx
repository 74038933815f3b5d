import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS, CLIENT_ERRORS } from '@flockr/contract';
import AdminRoute from '../../../app/routes/admin';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute, signIn } from '../../../test/render';
import { makeAdmin, makeAdminDownload } from '../test/fixtures';

const stored = makeAdminDownload();
const external = makeAdminDownload({
  id: '33333333-4444-4555-8666-000000000002',
  version: '1.1.0',
  download_url: 'https://cdn.example.com/flockr-1.1.0.zip',
  sha256: null,
  is_active: false,
});

/** Renders the downloads tab with `routes`. */
function renderDownloads(routes: Parameters<typeof mockApi>[0] = {}) {
  const me = makeAdmin();
  signIn(me);
  const api = mockApi({
    'GET /auth/me': { user: me },
    'GET /admin/downloads': { downloads: [stored, external] },
    ...routes,
  });
  return {
    ...api,
    ...renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=downloads' }),
  };
}

/** A stand-in XMLHttpRequest that records the upload and answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  FakeXhr.last = null;
});

describe('admin downloads tab', () => {
  it('lists versions with size, date, state, count and a shortened checksum', async () => {
    renderDownloads();
    const table = await screen.findByRole('table', { name: 'Program versions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('v1.2.0')).toBeInTheDocument();
    expect(within(first!).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(first!).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(first!).getByText('42')).toBeInTheDocument();
    expect(within(first!).getByTitle(stored.sha256!)).toHaveTextContent('abababababab…');
    expect(within(first!).getByRole('switch', { name: 'Version 1.2.0 active' })).toBeChecked();
    expect(within(second!).getByRole('switch', { name: 'Version 1.1.0 active' })).not.toBeChecked();
    expect(within(second!).getByRole('link', { name: /External URL/ })).toHaveAttribute(
      'href',
      external.download_url,
    );
  });

  it('toggles a version with PUT is_active', async () => {
    const { callsTo } = renderDownloads({
      [`PUT /admin/downloads/${external.id}`]: json({
        download: { ...external, is_active: true },
      }),
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Version 1.1.0 active' }));
    expect(await screen.findByText('Version 1.1.0 activated')).toBeInTheDocument();
    expect(callsTo(`PUT /admin/downloads/${external.id}`)[0]!.body).toEqual({ is_active: true });
  });

  it('adds a version by external URL after validating every field', async () => {
    const { callsTo } = renderDownloads({
      'POST /admin/downloads': json({ download: makeAdminDownload({ version: '2.0.0' }) }, 201),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add version' }));
    await userEvent.click(screen.getByRole('radio', { name: 'External URL' }));
    const form = screen.getByRole('form', { name: 'External URL' });
    await userEvent.clear(within(form).getByLabelText('Release date'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save version' }));
    expect(await within(form).findByText('Version is required')).toBeInTheDocument();
    expect(within(form).getByText('Download URL must be a valid URL')).toBeInTheDocument();
    expect(within(form).getByText('Filename is required')).toBeInTheDocument();
    expect(within(form).getByText('File size is required')).toBeInTheDocument();
    expect(within(form).getByText('Release date is required')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.0.0');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Download URL' }),
      'https://cdn.example.com/f.zip',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Filename' }), 'f.zip');
    await userEvent.type(
      within(form).getByRole('spinbutton', { name: 'File size (bytes)' }),
      '2048',
    );
    await userEvent.type(within(form).getByLabelText('Release date'), '2026-12-24');
    await userEvent.click(within(form).getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(callsTo('POST /admin/downloads')).toHaveLength(1));
    expect(callsTo('POST /admin/downloads')[0]!.body).toEqual({
      version: '2.0.0',
      download_url: 'https://cdn.example.com/f.zip',
      filename: 'f.zip',
      file_size: 2048,
      release_date: '2026-12-24',
      is_active: true,
    });
    expect(await screen.findByText('Version 2.0.0 added')).toBeInTheDocument();
  });

  it('requires a file, then uploads it as multipart with the file last and shows progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderDownloads();
    await userEvent.click(await screen.findByRole('button', { name: 'Add version' }));
    const form = screen.getByRole('form', { name: 'Upload a file' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await within(form).findByText(API_ERRORS.uploadMissingFile)).toBeInTheDocument();

    const file = new File(['binary'], 'setup.zip', { type: 'application/zip' });
    await userEvent.upload(within(form).getByLabelText('File'), file);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/v1\/admin\/downloads\/upload$/);
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect(Object.keys(xhr.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect([...xhr.body!.keys()]).toEqual(['version', 'release_date', 'is_active', 'file']);
    expect(xhr.body!.get('version')).toBe('2.1.0');
    expect(xhr.body!.get('is_active')).toBe('false');
    expect((xhr.body!.get('file') as File).name).toBe('setup.zip');

    act(() =>
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 } as ProgressEvent),
    );
    expect(within(form).getByText('Uploading… 25%')).toBeInTheDocument();

    act(() => xhr.respond(409, { error: 'This version already exists' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This version already exists');
  });

  it('shows the default create error when an upload fails without text', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderDownloads();
    await userEvent.click(await screen.findByRole('button', { name: 'Add version' }));
    const form = screen.getByRole('form', { name: 'Upload a file' });
    await userEvent.upload(within(form).getByLabelText('File'), new File(['x'], 'a.zip'));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() => FakeXhr.last!.onerror?.());
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.createDownload,
    );
  });
});
