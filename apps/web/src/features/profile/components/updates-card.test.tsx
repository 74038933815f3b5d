import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@flockr/contract';
import { apiError, callsTo, mockEndpoint, reply } from '../../../test/api';
import { renderProfile } from '../test/render-profile';
import { FEED_TOKEN, feedUrls, makeMyUpdates } from '../test/updates-fixtures';
import { maskIn, maskToken } from './updates-card';

/** The Updates card, once its settings are in. */
async function updatesCard() {
  const heading = await screen.findByRole('heading', { name: 'Updates' });
  const card = heading.closest('.rounded-2xl') as HTMLElement;
  await within(card).findByLabelText('Release channel');
  return card;
}

/** The feed token's box. */
function tokenBox(card: HTMLElement) {
  return within(card).getByLabelText('Feed token');
}

describe('Updates card: feed token', () => {
  it('masks the token to its last four characters, and shows and hides it', async () => {
    const user = userEvent.setup();
    renderProfile();
    const card = await updatesCard();
    expect(tokenBox(card)).toHaveTextContent(`Hidden, ends in ${FEED_TOKEN.slice(-4)}`);
    expect(card).not.toHaveTextContent(FEED_TOKEN);
    // The feed URLs carry the token: masked with it.
    expect(card).toHaveTextContent(maskIn(feedUrls(FEED_TOKEN).velopack, FEED_TOKEN));

    await user.click(within(card).getByRole('button', { name: 'Show feed token' }));
    expect(tokenBox(card)).toHaveTextContent(FEED_TOKEN);
    expect(within(card).getByRole('button', { name: 'Hide feed token' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(card).toHaveTextContent(feedUrls(FEED_TOKEN).velopack);

    await user.click(within(card).getByRole('button', { name: 'Hide feed token' }));
    expect(card).not.toHaveTextContent(FEED_TOKEN);
  });

  it('copies the whole token with a visible "Copied"', async () => {
    const user = userEvent.setup();
    renderProfile();
    const card = await updatesCard();
    const copy = within(card).getByRole('button', { name: 'Copy feed token' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(FEED_TOKEN);
    expect(copy).toHaveTextContent('Copied');
    expect(within(card).getByText('Copied feed token to the clipboard')).toBeInTheDocument();
  });

  it('lists a feed URL per updater in a disclosure, each copied whole', async () => {
    const user = userEvent.setup();
    renderProfile();
    const card = await updatesCard();
    const summary = within(card).getByText('Feed URLs for your updater');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    for (const name of [
      'electron-updater',
      'Squirrel.Mac',
      'Squirrel.Windows',
      'Tauri',
      'Velopack',
      'Sparkle',
    ]) {
      expect(within(card).getByRole('button', { name: `Copy ${name} feed URL` })).toBeVisible();
    }
    await user.click(within(card).getByRole('button', { name: 'Copy Tauri feed URL' }));
    expect(await navigator.clipboard.readText()).toBe(feedUrls(FEED_TOKEN).tauri);
  });

  it('rotates the token after a confirmation that says the old one stops working', async () => {
    const user = userEvent.setup();
    const next = 'flf_NEWtokenNEWtokenNEWtokenNEWtokenNEWtoken1234';
    mockEndpoint(API.updates.rotateFeedToken, makeMyUpdates({ feed_token: next }));
    renderProfile();
    const card = await updatesCard();

    await user.click(within(card).getByRole('button', { name: 'Rotate feed token' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rotate your feed token?' });
    expect(dialog).toHaveTextContent('The current token stops working at once');
    expect(dialog).toHaveTextContent('copy the new token or feed URL into each of your installed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(API.updates.rotateFeedToken)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Rotate feed token' }));
    dialog = await screen.findByRole('dialog', { name: 'Rotate your feed token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(API.updates.rotateFeedToken)).toHaveLength(1);
    // The new token is shown, ready to copy into the installed programs.
    expect(tokenBox(card)).toHaveTextContent(next);
    expect(
      await screen.findByText('New feed token made. Update your installed programs with it.'),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the server error when the rotation fails', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.updates.rotateFeedToken, reply(500, apiError('serverError')));
    renderProfile();
    const card = await updatesCard();
    await user.click(within(card).getByRole('button', { name: 'Rotate feed token' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate token' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(tokenBox(card)).toHaveTextContent(FEED_TOKEN.slice(-4));
  });
});

describe('Updates card: release channel', () => {
  it('saves the chosen channel with PUT /updates/me', async () => {
    const user = userEvent.setup();
    mockEndpoint(API.updates.updateMe, ({ body }) =>
      makeMyUpdates({ channel: (body as { channel: 'beta' }).channel }),
    );
    renderProfile();
    const card = await updatesCard();
    const select = within(card).getByLabelText('Release channel');
    expect(select).toHaveValue('stable');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Stable', 'Release candidate', 'Beta', 'Alpha']);
    expect(card).toHaveTextContent('Beta and Alpha get new builds earlier, with less testing');
    const save = within(card).getByRole('button', { name: 'Save channel' });
    expect(save).toBeDisabled();

    await user.selectOptions(select, 'beta');
    expect(callsTo(API.updates.updateMe)).toHaveLength(0);
    await user.click(save);
    await waitFor(() => expect(callsTo(API.updates.updateMe)).toHaveLength(1));
    expect(callsTo(API.updates.updateMe)[0]!.body).toEqual({ channel: 'beta' });
    expect(await screen.findByText('Release channel saved: Beta')).toBeInTheDocument();
    expect(within(card).getByLabelText('Release channel')).toHaveValue('beta');
    expect(within(card).getByRole('button', { name: 'Save channel' })).toBeDisabled();
  });

  it("shows the server's error when the channel cannot be saved", async () => {
    const user = userEvent.setup();
    mockEndpoint(API.updates.updateMe, reply(400, apiError('invalidRequest')));
    renderProfile();
    const card = await updatesCard();
    await user.selectOptions(within(card).getByLabelText('Release channel'), 'alpha');
    await user.click(within(card).getByRole('button', { name: 'Save channel' }));
    expect(await within(card).findByRole('alert')).toBeInTheDocument();
  });
});

describe('Updates card: access', () => {
  it('says an active subscription gets every release', async () => {
    renderProfile();
    const card = await updatesCard();
    expect(card).toHaveTextContent('You get every release on your channel');
  });

  it('says what an ended subscription keeps, with the way to renew', async () => {
    renderProfile({
      updates: makeMyUpdates({
        access: { kind: 'until', until: '2026-10-01T12:00:00.000Z', reason: 'expired' },
      }),
    });
    const card = await updatesCard();
    expect(card).toHaveTextContent(
      'Your subscription ended on Oct 1, 2026. You can still download and update to releases published before then; newer releases need a renewed subscription.',
    );
    expect(within(card).getByRole('link', { name: 'Renew on the plans page' })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  it('explains no access and leads to the plans', async () => {
    renderProfile({
      updates: makeMyUpdates({
        access: { kind: 'none', until: null, reason: 'no_subscription' },
      }),
    });
    const card = await updatesCard();
    expect(card).toHaveTextContent('You have no subscription, so your program gets no releases');
    expect(within(card).getByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  it('sends a suspended account to support instead', async () => {
    renderProfile({
      updates: makeMyUpdates({ access: { kind: 'none', until: null, reason: 'account' } }),
    });
    const card = await updatesCard();
    expect(within(card).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  it('masks a token to its last four characters', () => {
    expect(maskToken('flf_abcdWXYZ')).toBe('••••WXYZ');
    expect(maskIn('https://x/t/flf_abcdWXYZ/velopack', 'flf_abcdWXYZ')).toBe(
      'https://x/t/••••WXYZ/velopack',
    );
  });
});
