import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type MyLicense } from '@flockr/contract';
import { formatDateTime } from '../../../lib/format';
import { apiError, callsTo, mockEndpoint, reply } from '../../../test/api';
import { renderProfile } from '../test/render-profile';
import { LICENSE_KEY, macBook, makeDevice, makeMyLicense } from '../test/license-fixtures';

/** Five minutes after the fixture's Office PC was last seen. */
const NOW = new Date('2026-11-20T10:05:00.000Z');

beforeEach(() => {
  // Only the clock: timers stay real for user-event, the mock server and the toasts.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => vi.useRealTimers());

/** Renders /profile with `license` (or none) and returns the License card once it is in. */
async function licenseCard(license: MyLicense | null = makeMyLicense()) {
  renderProfile({ license: { license } });
  const heading = await screen.findByRole('heading', { name: 'License', level: 2 });
  const card = heading.closest('.rounded-2xl') as HTMLElement;
  await waitFor(() => expect(within(card).queryByText('Loading your license…')).toBeNull());
  return card;
}

/** The license key's box. */
const keyBox = (card: HTMLElement) => within(card).getByLabelText('License key');

/** The row of the device named `name`. */
const deviceRow = (card: HTMLElement, name: string) =>
  within(within(card).getByRole('list', { name: 'Activated devices' }))
    .getByText(name, { selector: 'p' })
    .closest('li') as HTMLElement;

describe('License card: status, plan and key', () => {
  it('says an active license works until its end, and lists what the plan gives', async () => {
    const card = await licenseCard(
      makeMyLicense({
        entitlements: [
          { code: 'TWITTER_ACCOUNTS', limit: 5 },
          { code: 'DAILY_ACTIONS', limit: 500 },
          { code: 'PRIORITY_SUPPORT', limit: null },
          { code: 'WHITE_LABEL', limit: null },
        ],
      }),
    );
    expect(card).toHaveTextContent(
      'Active until Dec 1, 2026. The program works on up to 2 devices at once.',
    );
    expect(card).toHaveTextContent('Plan: PRO');
    const gives = within(card).getByRole('list', { name: 'What your plan gives' });
    expect(
      within(gives)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Up to 5 Twitter accounts', '500 daily actions', 'Priority support', 'White label']);
  });

  it('masks the key to its prefix and last group, shows, hides and copies it whole', async () => {
    const user = userEvent.setup();
    const card = await licenseCard();
    expect(keyBox(card)).toHaveTextContent(`FLK-••••Hidden, ends in ${LICENSE_KEY.slice(-6)}`);
    expect(card).not.toHaveTextContent(LICENSE_KEY);

    await user.click(within(card).getByRole('button', { name: 'Show license key' }));
    expect(keyBox(card)).toHaveTextContent(LICENSE_KEY);
    await user.click(within(card).getByRole('button', { name: 'Hide license key' }));
    expect(card).not.toHaveTextContent(LICENSE_KEY);

    await user.click(within(card).getByRole('button', { name: 'Copy license key' }));
    expect(await navigator.clipboard.readText()).toBe(LICENSE_KEY);
    expect(within(card).getByText('Copied license key to the clipboard')).toBeInTheDocument();
  });

  it('rotates the key after a confirmation that the program must be activated again', async () => {
    const user = userEvent.setup();
    const next = 'FLK-ZZZZZ-YYYYY-XXXXX-WWWWW-VVVVV-TTTTT-SSSSS-RRRRR';
    mockEndpoint(API.licenses.rotate, { license: makeMyLicense({ key: next }) });
    const card = await licenseCard();

    await user.click(within(card).getByRole('button', { name: 'Rotate license key' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rotate your license key?' });
    expect(dialog).toHaveTextContent('The current key stops working at once');
    expect(dialog).toHaveTextContent(
      'The program must then be activated again with the new key on each of your devices',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(API.licenses.rotate)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Rotate license key' }));
    dialog = await screen.findByRole('dialog', { name: 'Rotate your license key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(API.licenses.rotate)).toHaveLength(1);
    // The new key is shown, ready to copy into the program.
    expect(keyBox(card)).toHaveTextContent(next);
    expect(
      await screen.findByText('New license key made. Activate the program again with it.'),
    ).toBeInTheDocument();
  });

  it("keeps the rotation's dialog open with the server's error", async () => {
    const user = userEvent.setup();
    mockEndpoint(API.licenses.rotate, reply(404, apiError('licenseNotFound')));
    const card = await licenseCard();
    await user.click(within(card).getByRole('button', { name: 'Rotate license key' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'There is no license yet: it is created when your first order is paid',
    );
    expect(keyBox(card)).toHaveTextContent(LICENSE_KEY.slice(-5));
  });

  it.each([
    [
      'expired',
      makeMyLicense({ status: 'expired', devices: [] }),
      'Expired on Dec 1, 2026, when your subscription ended. The program no longer works with this key; renew your subscription',
      'Renew on the plans page',
      '/plans',
    ],
    [
      'refunded',
      makeMyLicense({ status: 'refunded' }),
      'Refunded: your last payment was refunded, so the program no longer works with this key.',
      'View plans',
      '/plans',
    ],
    [
      'suspended by an admin',
      makeMyLicense({ status: 'suspended', suspended: 'license' }),
      'Suspended by our team: the program does not work with this key for now.',
      'Contact support',
      '/support',
    ],
    [
      'suspended with the account',
      makeMyLicense({ status: 'suspended', suspended: 'account' }),
      'Suspended, because your account is not active.',
      'Contact support',
      '/support',
    ],
  ])('says what an %s license means and what to do', async (_, license, text, link, href) => {
    const card = await licenseCard(license);
    expect(card).toHaveTextContent(text);
    expect(within(card).getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it('leads to the plans when there is no license yet', async () => {
    const card = await licenseCard(null);
    expect(card).toHaveTextContent(
      'You have no license yet: it comes with your first paid subscription.',
    );
    expect(within(card).getByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(within(card).queryByLabelText('License key')).not.toBeInTheDocument();
  });

  it("shows the server's error with Try Again when the license cannot be loaded", async () => {
    const user = userEvent.setup();
    let down = true;
    renderProfile();
    mockEndpoint(API.licenses.me, () =>
      down ? reply(500, apiError('serverError')) : { license: makeMyLicense() },
    );
    const heading = await screen.findByRole('heading', { name: 'License', level: 2 });
    const card = heading.closest('.rounded-2xl') as HTMLElement;
    expect(await within(card).findByRole('alert')).toBeInTheDocument();
    down = false;
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await within(card).findByLabelText('License key')).toBeInTheDocument();
  });
});

describe('License card: devices', () => {
  it('counts the seats in use and shows each device with platform, version and last seen', async () => {
    const card = await licenseCard(
      makeMyLicense({
        devices: [makeDevice(), macBook({ last_seen_at: '2026-11-18T08:00:00.000Z' })],
      }),
    );
    const devices = within(card).getByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('2 of 2 in use');
    expect(devices).toHaveTextContent('Every seat is in use: deactivate a device here');

    const pc = deviceRow(card, 'Office PC');
    expect(pc).toHaveTextContent('Windows · Version 1.4.2 · Last seen 5 minutes ago');
    const seen = within(pc).getByText('5 minutes ago');
    expect(seen.tagName).toBe('TIME');
    expect(seen).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');
    expect(seen).toHaveAttribute('title', formatDateTime('2026-11-20T10:00:00.000Z'));

    const mac = deviceRow(card, 'MacBook Air');
    expect(mac).toHaveTextContent('macOS · Version unknown · Last seen 2 days ago');
    expect(within(mac).getByRole('button', { name: 'Deactivate MacBook Air' })).toBeVisible();
  });

  it('explains how to activate the program while no device holds a seat', async () => {
    const card = await licenseCard(makeMyLicense({ devices: [] }));
    const devices = within(card).getByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('0 of 2 in use');
    expect(devices).toHaveTextContent('No device is activated yet.');
    expect(devices).toHaveTextContent(
      'open it, and enter your license key when it asks. Each computer you activate takes one of your 2 seats.',
    );
    expect(within(devices).getByRole('link', { name: 'Downloads' })).toHaveAttribute(
      'href',
      '/downloads',
    );
    expect(within(devices).queryByRole('list')).not.toBeInTheDocument();
  });

  it('deactivates a device after a confirmation, freeing its seat at once', async () => {
    const user = userEvent.setup();
    const mac = macBook();
    mockEndpoint(API.licenses.deactivateMyDevice, { license: makeMyLicense({ devices: [mac] }) });
    const card = await licenseCard(makeMyLicense({ devices: [makeDevice(), mac] }));
    const devices = within(card).getByRole('region', { name: 'Devices' });
    expect(devices).toHaveTextContent('2 of 2 in use');

    await user.click(within(card).getByRole('button', { name: 'Deactivate Office PC' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate Office PC?' });
    expect(dialog).toHaveTextContent(
      'The program on Office PC stops working at once, and its seat is freed for another device.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(API.licenses.deactivateMyDevice)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Deactivate Office PC' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate Office PC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate device' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(API.licenses.deactivateMyDevice)).toHaveLength(1);
    expect(callsTo(API.licenses.deactivateMyDevice)[0]!.params.id).toBe(makeDevice().id);

    expect(devices).toHaveTextContent('1 of 2 in use');
    expect(within(card).queryByText('Office PC')).not.toBeInTheDocument();
    expect(devices).not.toHaveTextContent('Every seat is in use');
    expect(await screen.findByText('Office PC deactivated: its seat is free')).toBeInTheDocument();
    // The button that opened the dialog is gone with its row: the focus stays in the list's heading.
    await waitFor(() =>
      expect(within(devices).getByRole('heading', { name: 'Devices' })).toHaveFocus(),
    );
  });

  it("keeps the deactivation's dialog open with the server's error", async () => {
    const user = userEvent.setup();
    mockEndpoint(API.licenses.deactivateMyDevice, reply(404, apiError('licenseDeviceNotFound')));
    const card = await licenseCard();
    await user.click(within(card).getByRole('button', { name: 'Deactivate Office PC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Office PC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate device' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Device not found');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deviceRow(card, 'Office PC')).toBeInTheDocument();
    expect(within(card).getByRole('region', { name: 'Devices' })).toHaveTextContent(
      '1 of 2 in use',
    );
  });
});
