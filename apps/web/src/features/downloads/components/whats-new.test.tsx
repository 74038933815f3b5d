import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CLIENT_ERRORS, type DownloadVersion } from '@flockr/contract';
import { SignedInOnly } from '../../../app/guards';
import DownloadsRoute from '../../../app/routes/downloads';
import { mockEndpoint } from '../../../test/api';
import { WINDOWS_COMPUTER, makeDownloadVersion, makeUser } from '../../../test/fixtures';
import { renderRoute, signIn } from '../../../test/render';
import { WHATS_NEW_DISMISSED_KEY } from './whats-new';

/** A version as `GET /downloads/versions` lists it, with notes unless given. */
function makeVersion(version: string, overrides: Partial<DownloadVersion> = {}): DownloadVersion {
  return makeDownloadVersion(version, {
    notes: { title: `Faster sync in ${version}`, summary: `Sync is twice as fast in ${version}.` },
    ...overrides,
  });
}

/** /downloads for a signed-in subscriber offered `versions`. */
function renderCentre(versions: DownloadVersion[]) {
  const user = makeUser();
  signIn(user);
  mockEndpoint(API.auth.me, { user });
  mockEndpoint(API.downloads.versions, { versions, computer: WINDOWS_COMPUTER });
  mockEndpoint(API.downloads.history, { downloads: [] });
  return renderRoute(<DownloadsRoute />, {
    path: '/downloads',
    layout: <SignedInOnly denied={CLIENT_ERRORS.accessDenied.downloads} />,
  });
}

/** The "What's new" card of `version`. */
async function whatsNew(version: string) {
  return (await screen.findByRole('region', { name: `What's new in ${version}` })) as HTMLElement;
}

describe("download centre: what's new", () => {
  it("shows the latest version's notes with a link to the changelog", async () => {
    renderCentre([makeVersion('2.1.0'), makeVersion('2.0.0')]);
    const card = await whatsNew('2.1.0');
    expect(within(card).getByText('Faster sync in 2.1.0')).toBeInTheDocument();
    expect(within(card).getByText('Sync is twice as fast in 2.1.0.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Read the full changelog' })).toHaveAttribute(
      'href',
      '/changelog',
    );
    expect(screen.queryByRole('region', { name: "What's new in 2.0.0" })).not.toBeInTheDocument();
  });

  it('stays dismissed for that version, and comes back for the next one', async () => {
    const user = userEvent.setup();
    const first = renderCentre([makeVersion('2.1.0')]);
    const card = await whatsNew('2.1.0');
    await user.click(within(card).getByRole('button', { name: "Dismiss what's new in 2.1.0" }));
    expect(screen.queryByRole('region', { name: "What's new in 2.1.0" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(WHATS_NEW_DISMISSED_KEY)).toBe('2.1.0');
    // The version's own card still has its notes.
    expect(screen.getByRole('heading', { name: 'Latest version 2.1.0' })).toBeInTheDocument();
    first.unmount();

    renderCentre([makeVersion('2.1.0')]);
    await screen.findByRole('heading', { name: 'Latest version 2.1.0' });
    expect(screen.queryByRole('region', { name: "What's new in 2.1.0" })).not.toBeInTheDocument();
  });

  it('shows a newer version after an older one was dismissed', async () => {
    window.localStorage.setItem(WHATS_NEW_DISMISSED_KEY, '2.0.0');
    renderCentre([makeVersion('2.1.0'), makeVersion('2.0.0')]);
    expect(await whatsNew('2.1.0')).toBeInTheDocument();
  });

  it('shows nothing for a version without published notes', async () => {
    renderCentre([makeVersion('2.1.0', { notes: null })]);
    await screen.findByRole('heading', { name: 'Latest version 2.1.0' });
    expect(screen.queryByRole('region', { name: /What's new/ })).not.toBeInTheDocument();
  });
});
