import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { API, API_ERRORS, CLIENT_ERRORS, TUNNEL_WARNING_HEADER } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeAdminDownload } from '../test/fixtures';
import { apiError, renderAdmin } from '../test/render';
import { multipartParts } from '../test/multipart';

const stored = makeAdminDownload();
const external = makeAdminDownload({
  id: '33333333-4444-4555-8666-000000000002',
  version: '1.1.0',
  download_url: 'https://cdn.example.com/flockr-1.1.0.zip',
  sha256: null,
  is_active: false,
});

/** Renders the downloads tab listing the stored and the external version. */
function renderDownloads() {
  mockEndpoint(API.admin.releases, { downloads: [stored, external] });
  return renderAdmin('/admin?tab=downloads');
}

/** Opens Add version; the upload form shows first. */
async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add version' }));
  return screen.getByRole('form', { name: 'Upload a file' });
}

describe('admin downloads tab', () => {
  it('lists versions with size, date, state, count and a shortened checksum', async () => {
    renderDownloads();
    const table = await screen.findByRole('table', { name: 'Program versions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('v1.2.0')).toBeInTheDocument();
    expect(within(first!).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(first!).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(first!).getByText('42')).toBeInTheDocument();
    expect(within(first!).getByText('Stored on this server')).toBeInTheDocument();
    expect(within(first!).getByTitle(stored.sha256!)).toHaveTextContent('abababababab…');
    expect(within(first!).getByRole('switch', { name: 'Version 1.2.0 active' })).toBeChecked();
    expect(within(second!).getByRole('switch', { name: 'Version 1.1.0 active' })).not.toBeChecked();
    expect(within(second!).getByRole('link', { name: /External URL/ })).toHaveAttribute(
      'href',
      external.download_url,
    );
  });

  it('toggles a version with PUT is_active', async () => {
    mockEndpoint(API.admin.updateRelease, { download: { ...external, is_active: true } });
    renderDownloads();
    await userEvent.click(await screen.findByRole('switch', { name: 'Version 1.1.0 active' }));
    expect(await screen.findByText('Version 1.1.0 activated')).toBeInTheDocument();
    const [put] = callsTo(API.admin.updateRelease);
    expect(put!.params.id).toBe(external.id);
    expect(put!.body).toEqual({ is_active: true });
  });

  it("shows the server's text above the list when a toggle fails", async () => {
    mockEndpoint(API.admin.updateRelease, reply(404, apiError('downloadNotFound')));
    renderDownloads();
    const toggle = await screen.findByRole('switch', { name: 'Version 1.2.0 active' });
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Download not found');
    expect(toggle).toBeChecked();
  });

  it('adds a version by external URL after validating every field', async () => {
    mockEndpoint(API.admin.createRelease, { download: makeAdminDownload({ version: '2.0.0' }) });
    renderDownloads();
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: 'External URL' }));
    const form = screen.getByRole('form', { name: 'External URL' });
    await userEvent.clear(within(form).getByLabelText('Release date'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save version' }));
    expect(await within(form).findByText('Version is required')).toBeInTheDocument();
    expect(within(form).getByText('Download URL must be a valid http(s) URL')).toBeInTheDocument();
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
    await waitFor(() => expect(callsTo(API.admin.createRelease)).toHaveLength(1));
    expect(callsTo(API.admin.createRelease)[0]!.body).toEqual({
      version: '2.0.0',
      download_url: 'https://cdn.example.com/f.zip',
      filename: 'f.zip',
      file_size: 2048,
      release_date: '2026-12-24',
      is_active: true,
    });
    expect(await screen.findByText('Version 2.0.0 added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it("shows the server's 409 inside the external URL form", async () => {
    mockEndpoint(API.admin.createRelease, reply(409, apiError('versionTaken')));
    renderDownloads();
    await openForm();
    await userEvent.click(screen.getByRole('radio', { name: 'External URL' }));
    const form = screen.getByRole('form', { name: 'External URL' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '1.2.0');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Download URL' }),
      'https://cdn.example.com/f.zip',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Filename' }), 'f.zip');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'File size (bytes)' }), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save version' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This version already exists');
  });

  it('requires a file, then uploads it as multipart with the file last and shows progress', async () => {
    let answer: (value: Response) => void = () => {};
    mockEndpoint(
      API.admin.uploadRelease,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderDownloads();
    const form = await openForm();
    expect(within(form).getByLabelText('File')).toHaveFocus();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await within(form).findByText(API_ERRORS.uploadMissingFile)).toBeInTheDocument();

    const file = new File(['binary'], 'setup.zip', { type: 'application/zip' });
    await userEvent.upload(within(form).getByLabelText('File'), file);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Active' }));
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await within(form).findByText('Uploading… 0%')).toBeInTheDocument();
    expect(within(form).getByRole('progressbar')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /Upload version/ })).toBeDisabled();
    // The browser reports the bytes sent so far (jsdom itself only reports the end).
    await waitFor(() => expect(send).toHaveBeenCalledOnce());
    const xhr = send.mock.contexts[0] as XMLHttpRequest;
    act(() => {
      xhr.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 4 }),
      );
    });
    expect(within(form).getByText('Uploading… 25%')).toBeInTheDocument();

    await waitFor(() => expect(callsTo(API.admin.uploadRelease)).toHaveLength(1));
    const [sent] = callsTo(API.admin.uploadRelease);
    expect(sent!.headers.get('Authorization')).toBe('Bearer test-token');
    expect(sent!.headers.get(TUNNEL_WARNING_HEADER.name)).toBe(TUNNEL_WARNING_HEADER.value);
    expect(sent!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const parts = multipartParts(sent!);
    expect(parts.map((p) => p.name)).toEqual(['version', 'release_date', 'is_active', 'file']);
    expect(parts[0]!.value).toBe('2.1.0');
    expect(parts[2]!.value).toBe('false');
    expect(parts[3]).toMatchObject({ filename: 'setup.zip', value: 'binary' });

    answer(HttpResponse.json(apiError('versionTaken'), { status: 409 }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This version already exists');
    expect(within(form).queryByText(/Uploading…/)).not.toBeInTheDocument();
  });

  it('adds the uploaded version and closes the form', async () => {
    mockEndpoint(API.admin.uploadRelease, { download: makeAdminDownload({ version: '2.1.0' }) });
    renderDownloads();
    const form = await openForm();
    await userEvent.upload(within(form).getByLabelText('File'), new File(['x'], 'a.zip'));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Filename (optional)' }),
      'flockr-2.1.0.zip',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await screen.findByText('Version 2.1.0 added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    const parts = multipartParts(callsTo(API.admin.uploadRelease)[0]!);
    expect(parts.map((p) => p.name)).toEqual([
      'version',
      'release_date',
      'filename',
      'is_active',
      'file',
    ]);
    expect(parts[2]!.value).toBe('flockr-2.1.0.zip');
  });

  it('shows the default create error when the upload gets no answer', async () => {
    mockEndpoint(API.admin.uploadRelease, () => HttpResponse.error());
    renderDownloads();
    const form = await openForm();
    await userEvent.upload(within(form).getByLabelText('File'), new File(['x'], 'a.zip'));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.createDownload,
    );
  });
});
