import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  API,
  API_ERRORS,
  CLIENT_ERRORS,
  TUNNEL_WARNING_HEADER,
  type AdminReleaseDetail,
} from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeAdminDownload } from '../test/fixtures';
import { multipartParts } from '../test/multipart';
import {
  makeApiToken,
  makeArtifact,
  makeReleaseDetail,
  makeVersion,
} from '../test/release-fixtures';
import { apiError, renderDownloadsTab } from '../test/render';
import { todayIsoDate } from '../kit/admin-format';

/** Two versions of the spec's kind: one stored here, one at an external URL (inactive). */
const stored = makeVersion();
const external = makeVersion(
  {
    id: '33333333-4444-4555-8666-000000000002',
    version: '1.1.0',
    is_active: false,
    published_at: null,
  },
  { download_url: 'https://cdn.example.com/flockr-1.1.0.zip', sha256: null },
);

/** Three releases of the release manager: a beta draft without files, 2.1.0, a yanked 2.0.1. */
const published = makeReleaseDetail();
const draft = makeReleaseDetail({
  id: 'c0000000-0000-4000-8000-000000000002',
  version: '2.2.0-beta.1',
  channel: 'beta',
  is_active: false,
  published_at: null,
  rollout_percentage: 50,
  download_count: 0,
  notes_title: null,
  artifacts: [],
});
const yanked = makeReleaseDetail({
  id: 'c0000000-0000-4000-8000-000000000003',
  version: '2.0.1',
  yanked_at: '2026-11-10T08:00:00.000Z',
  yank_reason: 'Crashes on start on Windows 10',
  artifacts: [
    makeArtifact({
      id: 'a0000000-0000-4000-8000-000000000009',
      filename: 'Flockr-2.0.1-universal-mac.zip',
      platform: 'macos',
      arch: 'universal',
      kind: 'zip',
      file_size: 1024,
      has_ed_signature: true,
    }),
  ],
});

/** The Downloads tab listing the stored and the external version. */
function renderVersions() {
  return renderDownloadsTab([stored, external]);
}

/** The Downloads tab with the three releases above and one API token. */
function renderReleases(releases: AdminReleaseDetail[] = [draft, published, yanked]) {
  return renderDownloadsTab(releases, { tokens: [makeApiToken()] });
}

/** A PATCH answer: the release of the call's id with the body applied. */
function patched(releases: AdminReleaseDetail[]) {
  return ({ params, body }: { params: Record<string, string>; body: unknown }) => {
    const release = releases.find((r) => r.id === params.id)!;
    const change = body as Record<string, unknown>;
    return {
      release: makeReleaseDetail({
        ...release,
        ...(change.is_active === undefined ? {} : { is_active: change.is_active as boolean }),
        ...(change.yanked === true ? { yanked_at: '2026-11-25T10:00:00.000Z' } : {}),
        ...(change.yanked === false ? { yanked_at: null, yank_reason: null } : {}),
      }),
    };
  };
}

/** The table row of version `version`. */
async function row(version: string) {
  return (await screen.findByText(`v${version}`)).closest('tr') as HTMLElement;
}

/** Opens the release manager's part of `version` from its row; returns it. */
async function card(version: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Manage version ${version}` }));
  const heading = await screen.findByRole('heading', { name: `Version ${version}` });
  return heading.closest('article') as HTMLElement;
}

/** Opens Add version; the upload form shows first. */
async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add version' }));
  return screen.getByRole('form', { name: 'Upload a file' });
}

describe('admin downloads tab: the versions table', () => {
  it('lists versions with size, date, state, count and a shortened checksum', async () => {
    renderVersions();
    const table = await screen.findByRole('table', { name: 'Program versions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('v1.2.0')).toBeInTheDocument();
    expect(within(first!).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(first!).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(first!).getByText('42')).toBeInTheDocument();
    expect(within(first!).getByText('Stored on this server')).toBeInTheDocument();
    expect(within(first!).getByTitle(stored.artifacts[0]!.sha256!)).toHaveTextContent(
      'abababababab…',
    );
    expect(within(first!).getByRole('switch', { name: 'Version 1.2.0 active' })).toBeChecked();
    expect(within(second!).getByRole('switch', { name: 'Version 1.1.0 active' })).not.toBeChecked();
    expect(within(second!).getByRole('link', { name: /External URL/ })).toHaveAttribute(
      'href',
      external.artifacts[0]!.download_url,
    );
  });

  it('lists every release of the release manager with what sets it apart, files or not', async () => {
    renderReleases();
    const table = await screen.findByRole('table', { name: 'Program versions' });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // heading + three releases

    const stable = await row('2.1.0');
    // No zip: the spec's file is the first one.
    expect(stable).toHaveTextContent('Flockr-Setup-2.1.0.exe');
    expect(stable).toHaveTextContent('80 MB');
    expect(within(stable).getByText('1,234')).toBeInTheDocument();
    expect(within(stable).queryByText('Stable')).not.toBeInTheDocument();
    expect(within(stable).getByRole('switch', { name: 'Version 2.1.0 active' })).toBeChecked();
    expect(within(stable).getByRole('button', { name: 'Edit version 2.1.0' })).toBeEnabled();

    const beta = await row('2.2.0-beta.1');
    // Its channel and rollout under the version, Draft under its switch.
    expect(within(beta).getByText('Beta · 50%')).toBeInTheDocument();
    expect(within(beta).getByText('Draft')).toBeInTheDocument();
    expect(within(beta).getByText('No file yet')).toBeInTheDocument();
    expect(
      within(beta).getByRole('switch', { name: 'Version 2.2.0-beta.1 active' }),
    ).not.toBeChecked();
    // The spec's calls know only versions with a file: no Edit or Archive yet.
    expect(within(beta).queryByRole('button', { name: /^(Edit|Archive) version/ })).toBeNull();

    expect(within(await row('2.0.1')).getByText('Yanked')).toBeInTheDocument();
  });

  it('says so when there is no version yet', async () => {
    renderReleases([]);
    expect(await screen.findByRole('heading', { name: 'No versions yet' })).toBeInTheDocument();
  });

  it('publishes and withdraws with the Active switch (PATCH is_active)', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateReleaseDetail, patched([external, draft, published, yanked]));
    renderDownloadsTab([external, draft, published, yanked]);
    await user.click(await screen.findByRole('switch', { name: 'Version 1.1.0 active' }));
    expect(await screen.findByText('Release 1.1.0 published')).toBeInTheDocument();
    const [put] = callsTo(API.admin.updateReleaseDetail);
    expect(put!.params.id).toBe(external.id);
    expect(put!.body).toEqual({ is_active: true });

    // A draft without files too: it is published as the release manager publishes it.
    await user.click(screen.getByRole('switch', { name: 'Version 2.2.0-beta.1 active' }));
    expect(await screen.findByText('Release 2.2.0-beta.1 published')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)[1]!.params).toEqual({ id: draft.id });
    expect(callsTo(API.admin.updateReleaseDetail)[1]!.body).toEqual({ is_active: true });

    await user.click(screen.getByRole('switch', { name: 'Version 2.1.0 active' }));
    expect(await screen.findByText('Release 2.1.0 withdrawn')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)[2]!.body).toEqual({ is_active: false });
  });

  it("shows the server's text above the list when a toggle fails", async () => {
    mockEndpoint(API.admin.updateReleaseDetail, reply(404, apiError('downloadNotFound')));
    renderVersions();
    const toggle = await screen.findByRole('switch', { name: 'Version 1.2.0 active' });
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Download not found');
    expect(toggle).toBeChecked();
  });

  it("shows the server's error when publishing is refused", async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateReleaseDetail, reply(409, apiError('versionTaken')));
    renderReleases();
    await user.click(await screen.findByRole('switch', { name: 'Version 2.2.0-beta.1 active' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version already exists');
  });

  it('edits the release date, and archives and restores a version (PUT /admin/downloads)', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateRelease, ({ body }) => ({
      download: makeAdminDownload({ ...(body as object) }),
    }));
    renderVersions();
    await user.click(await screen.findByRole('button', { name: 'Edit version 1.2.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit version 1.2.0' });
    const date = within(dialog).getByLabelText('Release date');
    expect(date).toHaveValue('2026-11-01');
    await user.clear(date);
    await user.type(date, '2026-10-05');
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText('Version 1.2.0 saved')).toBeInTheDocument();
    expect(callsTo(API.admin.updateRelease)[0]!.params).toEqual({ id: stored.id });
    expect(callsTo(API.admin.updateRelease)[0]!.body).toEqual({ release_date: '2026-10-05' });

    await user.click(screen.getByRole('button', { name: 'Archive version 1.2.0' }));
    expect(await screen.findByText('Version 1.2.0 archived')).toBeInTheDocument();
    expect(callsTo(API.admin.updateRelease)[1]!.body).toEqual({ archived: true });
  });

  it('shows an archived version with Restore only', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateRelease, { download: makeAdminDownload() });
    renderDownloadsTab([
      makeVersion({ archived_at: '2026-11-02T00:00:00.000Z', is_active: false }),
    ]);
    const archived = await row('1.2.0');
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(within(archived).queryByRole('switch')).toBeNull();
    expect(within(archived).queryByRole('button', { name: 'Edit version 1.2.0' })).toBeNull();
    await user.click(within(archived).getByRole('button', { name: 'Restore version 1.2.0' }));
    await waitFor(() => expect(callsTo(API.admin.updateRelease)).toHaveLength(1));
    expect(callsTo(API.admin.updateRelease)[0]!.body).toEqual({ archived: false });
  });
});

describe('admin downloads tab: add version', () => {
  it('offers three sources and says what each makes', async () => {
    renderVersions();
    await openForm();
    const sources = screen.getByRole('group', { name: 'Source of the files' });
    expect(
      within(sources)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Upload a file', 'External URL', 'Files per platform']);
    expect(sources).toHaveAccessibleDescription(/stored on this server/);
    await userEvent.click(within(sources).getByRole('radio', { name: 'Files per platform' }));
    expect(sources).toHaveAccessibleDescription(/a channel with a staged rollout/);
  });

  it('adds a version by external URL after validating every field', async () => {
    mockEndpoint(API.admin.createRelease, { download: makeAdminDownload({ version: '2.0.0' }) });
    renderVersions();
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
    await waitFor(() => expect(form).not.toBeInTheDocument());
  });

  it("shows the server's 409 inside the external URL form", async () => {
    mockEndpoint(API.admin.createRelease, reply(409, apiError('versionTaken')));
    renderVersions();
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
    renderVersions();
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
    expect(within(form).getByRole('progressbar', { name: 'Uploading setup.zip' })).toBeVisible();
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
    renderVersions();
    const form = await openForm();
    await userEvent.upload(within(form).getByLabelText('File'), new File(['x'], 'a.zip'));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Filename (optional)' }),
      'flockr-2.1.0.zip',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await screen.findByText('Version 2.1.0 added')).toBeInTheDocument();
    await waitFor(() => expect(form).not.toBeInTheDocument());
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
    renderVersions();
    const form = await openForm();
    await userEvent.upload(within(form).getByLabelText('File'), new File(['x'], 'a.zip'));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Version' }), '2.1.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload version' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      CLIENT_ERRORS.defaults.createDownload,
    );
  });

  it('creates a draft on a channel with a rollout, then opens it to add its files', async () => {
    const user = userEvent.setup();
    let releases = [published, yanked];
    renderReleases(releases);
    mockEndpoint(API.admin.releaseDetails, () => ({ releases, minimum_version: null }));
    mockEndpoint(API.admin.createReleaseDraft, () => {
      releases = [draft, published, yanked];
      return reply(201, { release: draft });
    });
    await openForm();
    await user.click(screen.getByRole('radio', { name: 'Files per platform' }));
    const form = screen.getByRole('form', { name: 'Files per platform' });
    const version = within(form).getByRole('textbox', { name: 'Version' });
    expect(within(form).getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
    await user.type(version, 'two');
    await user.click(within(form).getByRole('button', { name: 'Create release' }));
    expect(
      await within(form).findByText('Version must be a semantic version such as 1.2.0'),
    ).toBeInTheDocument();
    expect(callsTo(API.admin.createReleaseDraft)).toHaveLength(0);

    await user.clear(version);
    await user.type(version, '2.2.0-beta.1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Channel' }), 'beta');
    const rollout = within(form).getByRole('spinbutton', { name: 'Rollout (%)' });
    await user.clear(rollout);
    await user.type(rollout, '50');
    await user.click(within(form).getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(callsTo(API.admin.createReleaseDraft)).toHaveLength(1));
    expect(callsTo(API.admin.createReleaseDraft)[0]!.body).toEqual({
      version: '2.2.0-beta.1',
      channel: 'beta',
      release_date: todayIsoDate(),
      rollout_percentage: 50,
      minimum_system_version: null,
      publish: false,
    });
    expect(
      await screen.findByText('Draft 2.2.0-beta.1 created: add its files, then make it active'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Files per platform' })).not.toBeInTheDocument(),
    );
    // Its row is open on the release manager's part, ready for Add files.
    expect(
      screen.getByRole('button', { name: 'Manage version 2.2.0-beta.1', expanded: true }),
    ).toBeInTheDocument();
    const opened = screen.getByRole('article', { name: 'Version 2.2.0-beta.1' });
    expect(within(opened).getByRole('button', { name: 'Add files' })).toBeEnabled();
  });

  it('publishes at once when Active is ticked, and refuses a rollout over 100', async () => {
    const user = userEvent.setup();
    mockEndpoint(
      API.admin.createReleaseDraft,
      reply(201, { release: makeReleaseDetail({ version: '3.0.0' }) }),
    );
    renderReleases();
    await openForm();
    await user.click(screen.getByRole('radio', { name: 'Files per platform' }));
    const form = screen.getByRole('form', { name: 'Files per platform' });
    await user.type(within(form).getByRole('textbox', { name: 'Version' }), '3.0.0');
    const rollout = within(form).getByRole('spinbutton', { name: 'Rollout (%)' });
    await user.clear(rollout);
    await user.type(rollout, '150');
    await user.click(within(form).getByRole('button', { name: 'Create release' }));
    expect(await within(form).findByText('Rollout must be between 0 and 100')).toBeInTheDocument();
    expect(callsTo(API.admin.createReleaseDraft)).toHaveLength(0);

    await user.clear(rollout);
    await user.type(rollout, '100');
    await user.click(within(form).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(form).getByRole('button', { name: 'Create release' }));
    await waitFor(() => expect(callsTo(API.admin.createReleaseDraft)).toHaveLength(1));
    expect(callsTo(API.admin.createReleaseDraft)[0]!.body).toMatchObject({ publish: true });
    expect(await screen.findByText('Release 3.0.0 published')).toBeInTheDocument();
  });
});

describe("admin downloads tab: a version's release manager", () => {
  it('shows channel, state, rollout, notes and files of the version opened from its row', async () => {
    renderReleases();
    const toggle = await screen.findByRole('button', { name: 'Manage version 2.1.0' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('article')).toBeNull();

    const stable = await card('2.1.0');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', stable.closest('tr')!.id);
    expect(within(stable).getByText('Stable')).toBeInTheDocument();
    expect(within(stable).getByText('Published')).toBeInTheDocument();
    expect(within(stable).getByText('100%')).toBeInTheDocument();
    expect(within(stable).getByText('Faster sync')).toBeInTheDocument();
    const files = within(stable).getByRole('table', { name: 'Files of 2.1.0' });
    const [, file] = within(files).getAllByRole('row');
    expect(file).toHaveTextContent('Flockr-Setup-2.1.0.exe');
    expect(file).toHaveTextContent('Windows');
    expect(file).toHaveTextContent('x64');
    expect(file).toHaveTextContent('installer');
    expect(file).toHaveTextContent('80 MB');
    // On a phone (CSS) the files are one line each instead.
    expect(within(stable).getByRole('list', { name: 'Files of 2.1.0' })).toHaveTextContent(
      'Flockr-Setup-2.1.0.exeWindows · x64 · installer · 80 MB',
    );

    const beta = await card('2.2.0-beta.1');
    expect(within(beta).getByText('Beta')).toBeInTheDocument();
    expect(within(beta).getByText('Draft')).toBeInTheDocument();
    expect(within(beta).getByText('50%')).toBeInTheDocument();
    expect(within(beta).getByText('No changelog entry')).toBeInTheDocument();
    expect(within(beta).getByText(/No files yet/)).toBeInTheDocument();

    const bad = await card('2.0.1');
    expect(within(bad).getByText('Yanked')).toBeInTheDocument();
    expect(within(bad).getByRole('status')).toHaveTextContent(
      'Yanked on Nov 10, 2026: Crashes on start on Windows 10.',
    );
    expect(within(bad).getByRole('table')).toHaveTextContent('Ed25519');
    expect(within(bad).getByRole('list', { name: 'Files of 2.0.1' })).toHaveTextContent(
      'signed: Ed25519',
    );
    expect(within(bad).getByRole('button', { name: 'Restore' })).toBeInTheDocument();

    // Closing the row takes its part away again.
    await userEvent.click(toggle);
    expect(screen.queryByRole('article', { name: 'Version 2.1.0' })).toBeNull();
  });

  it('uploads several files, one multipart each, with progress per file', async () => {
    const user = userEvent.setup();
    const answers: Array<(value: Response) => void> = [];
    mockEndpoint(
      API.admin.uploadArtifact,
      () => new Promise<Response>((resolve) => answers.push(resolve)),
    );
    renderReleases();
    const beta = await card('2.2.0-beta.1');
    await user.click(within(beta).getByRole('button', { name: 'Add files' }));
    const exe = new File(['windows bytes'], 'Flockr-Setup-2.2.0-beta.1.exe');
    const zip = new File(['mac bytes'], 'Flockr-2.2.0-beta.1-arm64-mac.zip');
    await user.upload(within(beta).getByLabelText('Files of 2.2.0-beta.1'), [exe, zip]);

    const rows = within(beta).getByRole('list', { name: 'Files to upload to 2.2.0-beta.1' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);
    // Guessed from the names; every guess can be changed.
    expect(within(rows).getByLabelText(`Platform of ${exe.name}`)).toHaveValue('windows');
    expect(within(rows).getByLabelText(`Kind of ${exe.name}`)).toHaveValue('installer');
    expect(within(rows).getByLabelText(`Platform of ${zip.name}`)).toHaveValue('macos');
    expect(within(rows).getByLabelText(`Architecture of ${zip.name}`)).toHaveValue('arm64');
    expect(within(rows).getByLabelText(`Kind of ${zip.name}`)).toHaveValue('zip');
    const arch = within(rows).getByLabelText(`Architecture of ${exe.name}`);
    await user.selectOptions(arch, 'arm64');
    expect(arch).toHaveValue('arm64');
    await user.selectOptions(arch, 'x64');
    await user.click(within(rows).getAllByText('Signatures (optional)')[1]!);
    await user.type(within(rows).getAllByLabelText('Sparkle Ed25519 signature')[1]!, 'ZWQ=');

    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    await user.click(within(beta).getByRole('button', { name: 'Upload 2 files' }));
    const first = await within(beta).findByRole('progressbar', { name: `Uploading ${exe.name}` });
    await waitFor(() => expect(send).toHaveBeenCalledOnce());
    const xhr = send.mock.contexts[0] as XMLHttpRequest;
    act(() => {
      xhr.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 4 }),
      );
    });
    expect(first).toHaveAttribute('aria-valuenow', '25');
    // One file at a time: the second waits for the first.
    await waitFor(() => expect(callsTo(API.admin.uploadArtifact)).toHaveLength(1));
    answers[0]!(HttpResponse.json({ artifact: makeArtifact() }, { status: 201 }));
    await waitFor(() => expect(callsTo(API.admin.uploadArtifact)).toHaveLength(2));
    answers[1]!(HttpResponse.json({ artifact: makeArtifact() }, { status: 201 }));
    expect(await screen.findByText('2 files added to 2.2.0-beta.1')).toBeInTheDocument();
    expect(within(rows).getAllByText('Uploaded')).toHaveLength(2);

    const [one, two] = callsTo(API.admin.uploadArtifact);
    expect(one!.url.pathname).toBe(`/api/v1/admin/releases/${draft.id}/artifacts`);
    const a = multipartParts(one!);
    expect(a.map((p) => p.name)).toEqual(['platform', 'arch', 'kind', 'filename', 'file']);
    expect(a.map((p) => p.value).slice(0, 4)).toEqual(['windows', 'x64', 'installer', exe.name]);
    expect(a[4]).toMatchObject({ filename: exe.name, value: 'windows bytes' });
    const b = multipartParts(two!);
    expect(b.map((p) => p.name)).toEqual([
      'platform',
      'arch',
      'kind',
      'filename',
      'ed_signature',
      'file',
    ]);
    expect(b[4]!.value).toBe('ZWQ=');

    await user.click(within(beta).getByRole('button', { name: 'Done' }));
    expect(within(beta).queryByRole('list', { name: /Files to upload/ })).not.toBeInTheDocument();
  });

  it("fills a bundle's signature from its .sig file and keeps a failed file with its error", async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockEndpoint(API.admin.uploadArtifact, () => {
      calls += 1;
      return calls === 1
        ? reply(409, apiError('versionTaken'))
        : reply(201, { artifact: makeArtifact() });
    });
    renderReleases();
    const beta = await card('2.2.0-beta.1');
    await user.click(within(beta).getByRole('button', { name: 'Add files' }));
    await user.upload(within(beta).getByLabelText('Files of 2.2.0-beta.1'), [
      new File(['tar'], 'Flockr.app.tar.gz'),
      new File(['untrusted comment: sig\nRWS…'], 'Flockr.app.tar.gz.sig'),
      new File(['deb'], 'flockr_2.2.0_amd64.deb'),
    ]);
    const rows = within(beta).getByRole('list', { name: /Files to upload/ });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);
    expect(within(rows).getByLabelText('Platform of Flockr.app.tar.gz')).toHaveValue('macos');
    expect(within(rows).getByLabelText('Kind of Flockr.app.tar.gz')).toHaveValue('archive');
    expect(within(rows).getAllByLabelText(/Tauri minisign signature/)[0]).toHaveValue(
      'untrusted comment: sig\nRWS…',
    );
    expect(within(rows).getByLabelText('Platform of flockr_2.2.0_amd64.deb')).toHaveValue('linux');

    await user.click(within(beta).getByRole('button', { name: 'Upload 2 files' }));
    expect(await within(rows).findByRole('alert')).toHaveTextContent('This version already exists');
    expect(within(rows).getByText('Uploaded')).toBeInTheDocument();
    expect(multipartParts(callsTo(API.admin.uploadArtifact)[0]!)[4]).toMatchObject({
      name: 'signature',
      // FormData sends a value's line breaks as CRLF.
      value: expect.stringMatching(/^untrusted comment: sig\r?\nRWS…$/) as unknown,
    });
    // Only the failed file is sent again.
    expect(within(beta).getByRole('button', { name: 'Upload file' })).toBeEnabled();
  });

  it('takes files dropped on the release', async () => {
    renderReleases();
    const beta = await card('2.2.0-beta.1');
    await userEvent.click(within(beta).getByRole('button', { name: 'Add files' }));
    const zone = within(beta).getByText('Files of 2.2.0-beta.1').parentElement!;
    const file = new File(['deb'], 'flockr_2.2.0_amd64.deb');
    const files = Object.assign([file], { item: (i: number) => [file][i] ?? null });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
    const rows = await within(beta).findByRole('list', { name: /Files to upload/ });
    expect(within(rows).getByLabelText('Platform of flockr_2.2.0_amd64.deb')).toHaveValue('linux');
  });

  it('changes the channel and the rollout, with the slider and the number together', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateReleaseDetail, patched([draft, published, yanked]));
    renderReleases();
    await user.click(
      within(await card('2.2.0-beta.1')).getByRole('button', { name: 'Channel and rollout' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Channel and rollout of 2.2.0-beta.1',
    });
    const number = within(dialog).getByRole('spinbutton', { name: 'Rollout (%)' });
    const slider = within(dialog).getByRole('slider', { name: 'Rollout slider' });
    expect(number).toHaveValue(50);
    expect(slider).toHaveValue('50');
    fireEvent.change(slider, { target: { value: '75' } });
    expect(number).toHaveValue(75);
    await user.clear(number);
    await user.type(number, '25');
    expect(slider).toHaveValue('25');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Channel' }), 'rc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(API.admin.updateReleaseDetail)).toHaveLength(1));
    // Only what changed is sent.
    expect(callsTo(API.admin.updateReleaseDetail)[0]!.body).toEqual({
      channel: 'rc',
      rollout_percentage: 25,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('yanks with a reason after a confirmation, and restores', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateReleaseDetail, patched([draft, published, yanked]));
    renderReleases();
    await user.click(within(await card('2.1.0')).getByRole('button', { name: 'Yank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yank version 2.1.0?' });
    expect(dialog).toHaveTextContent('No update feed and no download centre will offer 2.1.0');
    await user.click(within(dialog).getByRole('button', { name: 'Yank release' }));
    expect(await within(dialog).findByText('Say why the release is yanked')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Broken updater');
    await user.click(within(dialog).getByRole('button', { name: 'Yank release' }));
    expect(await screen.findByText('Release 2.1.0 yanked')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)[0]!.body).toEqual({
      yanked: true,
      yank_reason: 'Broken updater',
    });

    await user.click(within(await card('2.0.1')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Release 2.0.1 restored')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)[1]!.body).toEqual({ yanked: false });
  });

  it('has no actions for an archived release (it is restored from its row)', async () => {
    renderReleases([makeReleaseDetail({ archived_at: '2026-11-21T00:00:00.000Z' })]);
    const archived = await card('2.1.0');
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(within(archived).queryByRole('button')).toBeNull();
  });
});

describe('admin downloads tab: minimum version and API tokens', () => {
  it('sets and clears the minimum supported version', async () => {
    const user = userEvent.setup();
    let minimum: string | null = null;
    renderReleases();
    mockEndpoint(API.admin.releaseDetails, () => ({
      releases: [published],
      minimum_version: minimum,
    }));
    mockEndpoint(API.admin.updateSettings, ({ body }) => {
      minimum = (body as { minimum_version: string | null }).minimum_version;
      return { minimum_version: minimum };
    });
    const form = await screen.findByRole('form', { name: 'Minimum supported version' });
    const field = within(form).getByRole('textbox', { name: 'Version' });
    await user.type(field, 'latest');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      within(form).getByText('Version must be a semantic version such as 1.2.0'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '2.0.0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(API.admin.updateSettings)).toHaveLength(1));
    expect(callsTo(API.admin.updateSettings)[0]!.body).toEqual({ minimum_version: '2.0.0' });
    expect(await screen.findByText('Minimum supported version set to 2.0.0')).toBeInTheDocument();

    const saved = await screen.findByRole('form', { name: 'Minimum supported version' });
    expect(within(saved).getByRole('textbox', { name: 'Version' })).toHaveValue('2.0.0');
    await user.click(within(saved).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(callsTo(API.admin.updateSettings)).toHaveLength(2));
    expect(callsTo(API.admin.updateSettings)[1]!.body).toEqual({ minimum_version: null });
    expect(await screen.findByText('No minimum supported version')).toBeInTheDocument();
  });

  it('creates a token shown once with Copy, and revokes one after a confirmation', async () => {
    const user = userEvent.setup();
    const secret = 'fla_Zx98SecretSecretSecretSecretSecret';
    mockEndpoint(
      API.admin.createApiToken,
      reply(201, { token: secret, api_token: makeApiToken({ name: 'CI' }) }),
    );
    mockEndpoint(API.admin.revokeApiToken, reply(204, undefined));
    renderReleases();
    const tokens = (await screen.findByRole('heading', { name: 'API tokens' })).closest(
      'section',
    ) as HTMLElement;
    const table = await within(tokens).findByRole('table', { name: 'API tokens' });
    expect(table).toHaveTextContent('GitHub Actions');
    expect(table).toHaveTextContent('fla_Ab12…');

    await user.click(within(tokens).getByRole('button', { name: 'New token' }));
    await user.type(within(tokens).getByRole('textbox', { name: 'Token name' }), 'CI');
    await user.click(within(tokens).getByRole('button', { name: 'Create token' }));
    expect(await within(tokens).findByText(secret)).toBeInTheDocument();
    expect(within(tokens).getByText('Copy it now: it is shown only this once.')).toBeVisible();
    expect(callsTo(API.admin.createApiToken)[0]!.body).toEqual({ name: 'CI' });
    await user.click(within(tokens).getByRole('button', { name: 'Copy API token' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    await user.click(within(tokens).getByRole('button', { name: 'Done' }));
    expect(within(tokens).queryByText(secret)).not.toBeInTheDocument();

    await user.click(within(tokens).getByRole('button', { name: 'Revoke GitHub Actions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke GitHub Actions?' });
    expect(dialog).toHaveTextContent('The token stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('API token GitHub Actions revoked')).toBeInTheDocument();
    expect(callsTo(API.admin.revokeApiToken)[0]!.params).toEqual({ id: makeApiToken().id });
  });
});
