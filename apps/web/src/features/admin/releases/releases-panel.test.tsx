import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { API, type AdminReleaseDetail } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { multipartParts } from '../test/multipart';
import { makeApiToken, makeArtifact, makeReleaseDetail } from '../test/release-fixtures';
import { apiError, renderAdmin } from '../test/render';
import { todayIsoDate } from '../kit/admin-format';

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

/** The Releases tab with the three releases above and one API token. */
function renderReleases(releases: AdminReleaseDetail[] = [draft, published, yanked]) {
  mockEndpoint(API.admin.releaseDetails, { releases, minimum_version: null });
  mockEndpoint(API.admin.apiTokens, { tokens: [makeApiToken()] });
  return renderAdmin('/admin?tab=releases');
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

/** The card of release `version`. */
async function card(version: string) {
  const heading = await screen.findByRole('heading', { name: `Version ${version}` });
  return heading.closest('article') as HTMLElement;
}

describe('admin release manager: list', () => {
  it('shows each release with channel, state, rollout, downloads, notes and files', async () => {
    renderReleases();
    const list = await screen.findByRole('list', { name: 'Releases' });
    expect(list.children).toHaveLength(3);

    const stable = await card('2.1.0');
    expect(within(stable).getByText('Stable')).toBeInTheDocument();
    expect(within(stable).getByText('Published')).toBeInTheDocument();
    expect(within(stable).getByText('100%')).toBeInTheDocument();
    expect(within(stable).getByText('1,234')).toBeInTheDocument();
    expect(within(stable).getByText('Faster sync')).toBeInTheDocument();
    const files = within(stable).getByRole('table', { name: 'Files of 2.1.0' });
    const [, row] = within(files).getAllByRole('row');
    expect(row).toHaveTextContent('Flockr-Setup-2.1.0.exe');
    expect(row).toHaveTextContent('Windows');
    expect(row).toHaveTextContent('x64');
    expect(row).toHaveTextContent('installer');
    expect(row).toHaveTextContent('80 MB');
    // On a phone (CSS) the files are one line each instead.
    expect(within(stable).getByRole('list', { name: 'Files of 2.1.0' })).toHaveTextContent(
      'Flockr-Setup-2.1.0.exeWindows · x64 · installer · 80 MB',
    );
    expect(within(stable).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();

    const beta = await card('2.2.0-beta.1');
    expect(within(beta).getByText('Beta')).toBeInTheDocument();
    expect(within(beta).getByText('Draft')).toBeInTheDocument();
    expect(within(beta).getByText('50%')).toBeInTheDocument();
    expect(within(beta).getByText('No changelog entry')).toBeInTheDocument();
    expect(within(beta).getByText(/No files yet/)).toBeInTheDocument();
    expect(within(beta).getByRole('button', { name: 'Publish' })).toBeInTheDocument();

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
  });

  it('says so when there is no release yet', async () => {
    renderReleases([]);
    expect(await screen.findByRole('heading', { name: 'No releases yet' })).toBeInTheDocument();
  });
});

describe('admin release manager: create', () => {
  it('creates a draft on a channel with a rollout', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.createReleaseDraft, reply(201, { release: draft }));
    renderReleases();
    await user.click(await screen.findByRole('button', { name: 'New release' }));
    const form = screen.getByRole('form', { name: 'New release' });
    const version = within(form).getByRole('textbox', { name: 'Version' });
    expect(version).toHaveFocus();
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
      await screen.findByText('Draft 2.2.0-beta.1 created: add its files, then publish it'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'New release' })).not.toBeInTheDocument(),
    );
  });

  it('refuses a rollout over 100', async () => {
    const user = userEvent.setup();
    renderReleases();
    await user.click(await screen.findByRole('button', { name: 'New release' }));
    const form = screen.getByRole('form', { name: 'New release' });
    await user.type(within(form).getByRole('textbox', { name: 'Version' }), '3.0.0');
    const rollout = within(form).getByRole('spinbutton', { name: 'Rollout (%)' });
    await user.clear(rollout);
    await user.type(rollout, '150');
    await user.click(within(form).getByRole('button', { name: 'Create release' }));
    expect(await within(form).findByText('Rollout must be between 0 and 100')).toBeInTheDocument();
  });
});

describe('admin release manager: files', () => {
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
});

describe('admin release manager: publish, rollout, yank', () => {
  it('publishes a draft and withdraws a published release', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateReleaseDetail, patched([draft, published, yanked]));
    renderReleases();
    await user.click(within(await card('2.2.0-beta.1')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Release 2.2.0-beta.1 published')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)[0]!.params).toEqual({ id: draft.id });
    expect(callsTo(API.admin.updateReleaseDetail)[0]!.body).toEqual({ is_active: true });

    await user.click(within(await card('2.1.0')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Release 2.1.0 withdrawn')).toBeInTheDocument();
    expect(callsTo(API.admin.updateReleaseDetail)[1]!.body).toEqual({ is_active: false });
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

  it("shows the server's error when a change is refused", async () => {
    const user = userEvent.setup();
    mockEndpoint(API.admin.updateReleaseDetail, reply(409, apiError('versionTaken')));
    renderReleases();
    await user.click(within(await card('2.2.0-beta.1')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This version already exists');
  });
});

describe('admin release manager: minimum version and API tokens', () => {
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
