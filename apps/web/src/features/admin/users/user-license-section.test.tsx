import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type AdminLicense } from '@flockr/contract';
import { callsTo, mockEndpoint, reply } from '../../../test/api';
import { makeUser } from '../../../test/fixtures';
import { makeAdminDevice, makeAdminLicense, makeUserDetail, pageOf } from '../test/fixtures';
import { apiError, renderAdmin } from '../test/render';

const bob = makeUser({
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  username: 'bob',
  email: 'bob@example.com',
});

beforeEach(() => {
  // Only the clock, for "Last seen": timers stay real for user-event and the mock server.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T11:00:00.000Z') });
});
afterEach(() => vi.useRealTimers());

/**
 * Opens bob's detail from the users tab, his license answered by `license` (a value, or a
 * function of the calls so far), and returns the License section once it is in.
 */
async function openLicense(license: AdminLicense | null | (() => AdminLicense | null)) {
  mockEndpoint(API.admin.users, { users: [bob], pagination: pageOf(1) });
  mockEndpoint(API.admin.user, makeUserDetail({ user: bob }));
  mockEndpoint(API.admin.userLicense, () => ({
    license: typeof license === 'function' ? license() : license,
  }));
  renderAdmin('/admin?tab=users');
  await userEvent.click(await screen.findByRole('button', { name: 'View bob' }));
  const dialog = screen.getByRole('dialog', { name: 'User bob' });
  const heading = await within(dialog).findByRole('heading', { name: 'License' });
  const section = heading.closest('section') as HTMLElement;
  await waitFor(() => expect(within(section).queryByText('Loading license…')).toBeNull());
  return section;
}

/** The open confirmation on top of the user's dialog. */
async function confirmation(name: string) {
  return screen.findByRole('dialog', { name });
}

describe('admin user detail: License', () => {
  it('shows status, plan, what it gives, the key generation and every device', async () => {
    const license = makeAdminLicense();
    // The server lists the newest first: a device deactivated later comes before a seated one.
    const section = await openLicense({ ...license, devices: [...license.devices].reverse() });
    expect(section).toHaveTextContent('StatusActiveuntil Dec 1, 2026');
    expect(section).toHaveTextContent('PlanPRO');
    expect(section).toHaveTextContent('GivesUp to 5 Twitter accounts500 daily actions');
    // Admins never get the key: the contract sends its generation only.
    expect(section).toHaveTextContent('KeyNot shown to admins · generation 2 (rotated once)');
    expect(section).not.toHaveTextContent('FLK-');
    expect(section).toHaveTextContent('Devices1 of 2 in use');

    const list = within(section).getByRole('list', { name: 'Devices of bob' });
    // Seated devices first.
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Studio PC');
    expect(rows[0]).toHaveTextContent('Windows · Version 1.4.2 · Last seen 1 hour ago');
    expect(rows[0]).toHaveTextContent('Host STUDIO-PC');
    expect(within(rows[0]!).getByRole('button', { name: 'Deactivate Studio PC' })).toBeVisible();
    // A deactivated device is listed with when and why, and has no action.
    expect(rows[1]).toHaveTextContent('Old laptop');
    expect(rows[1]).toHaveTextContent('Deactivated Nov 10, 2026');
    expect(rows[1]).toHaveTextContent('by its owner');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the user has no license', async () => {
    const section = await openLicense(null);
    expect(section).toHaveTextContent('No license: bob has never had a paid order.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('deactivates one device after a confirmation', async () => {
    let calls = 0;
    mockEndpoint(API.admin.deactivateUserDevice, () => {
      calls += 1;
      return { license: makeAdminLicense({ active_devices: 0 }) };
    });
    const section = await openLicense(() =>
      calls > 0
        ? makeAdminLicense({
            active_devices: 0,
            devices: [
              makeAdminDevice({
                deactivated_at: '2026-11-20T11:00:00.000Z',
                deactivation_reason: 'admin',
              }),
            ],
          })
        : makeAdminLicense(),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Deactivate Studio PC' }));
    let dialog = await confirmation('Deactivate Studio PC?');
    expect(dialog).toHaveTextContent(
      'The program on Studio PC stops working at once and its seat is freed.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(API.admin.deactivateUserDevice)).toHaveLength(0);
    // Cancel closes the confirmation only, not the user's detail.
    expect(screen.getByRole('dialog', { name: 'User bob' })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Deactivate Studio PC' }));
    dialog = await confirmation('Deactivate Studio PC?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate device' }));
    expect(await screen.findByText('Studio PC deactivated')).toBeInTheDocument();
    const [call] = callsTo(API.admin.deactivateUserDevice);
    expect(call!.params).toEqual({ id: bob.id, deviceId: makeAdminDevice().id });
    await waitFor(() => expect(section).toHaveTextContent('Devices0 of 2 in use'));
    expect(section).toHaveTextContent('by an admin');
    expect(within(section).getByRole('button', { name: 'Reset all devices' })).toBeDisabled();
  });

  it('resets every device after a confirmation', async () => {
    mockEndpoint(API.admin.resetUserDevices, { license: makeAdminLicense({ active_devices: 0 }) });
    const section = await openLicense(
      makeAdminLicense({
        active_devices: 2,
        devices: [
          makeAdminDevice(),
          makeAdminDevice({ id: 'dddddddd-0000-4000-8000-000000000013', name: 'Laptop' }),
        ],
      }),
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Reset all devices' }));
    const dialog = await confirmation('Reset all devices of bob?');
    expect(dialog).toHaveTextContent(
      'Every device (2) is deactivated at once: the program stops working on each until it is activated again with the key',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset all devices' }));
    expect(await screen.findByText('Every device of bob deactivated')).toBeInTheDocument();
    expect(callsTo(API.admin.resetUserDevices)[0]!.params.id).toBe(bob.id);
  });

  it("keeps a confirmation open with the server's error", async () => {
    mockEndpoint(API.admin.resetUserDevices, reply(404, apiError('licenseNotFound')));
    const section = await openLicense(makeAdminLicense());
    await userEvent.click(within(section).getByRole('button', { name: 'Reset all devices' }));
    const dialog = await confirmation('Reset all devices of bob?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset all devices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'There is no license yet: it is created when your first order is paid',
    );
  });

  it('suspends the license with a reason, then reinstates it', async () => {
    let suspended = false;
    const current = () =>
      suspended
        ? makeAdminLicense({
            status: 'suspended',
            suspended: 'license',
            suspended_at: '2026-11-20T11:00:00.000Z',
            suspension_reason: 'Shared key on a forum',
          })
        : makeAdminLicense();
    mockEndpoint(API.admin.setUserLicenseSuspension, ({ body }) => {
      suspended = (body as { suspended: boolean }).suspended;
      return { license: current() };
    });
    const section = await openLicense(current);

    await userEvent.click(within(section).getByRole('button', { name: 'Suspend license' }));
    const dialog = await confirmation('Suspend the license of bob?');
    expect(dialog).toHaveTextContent(
      'The program stops working on every device of bob at once, and no device can be activated, until you reinstate the license.',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      '  Shared key on a forum ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend license' }));
    expect(await screen.findByText('License of bob suspended')).toBeInTheDocument();
    expect(callsTo(API.admin.setUserLicenseSuspension)[0]!.body).toEqual({
      suspended: true,
      reason: 'Shared key on a forum',
    });
    await waitFor(() => expect(section).toHaveTextContent('StatusSuspendedby an admin'));
    expect(section).toHaveTextContent('Reason: Shared key on a forum');

    await userEvent.click(within(section).getByRole('button', { name: 'Reinstate license' }));
    const again = await confirmation('Reinstate the license of bob?');
    await userEvent.click(within(again).getByRole('button', { name: 'Reinstate license' }));
    expect(await screen.findByText('License of bob reinstated')).toBeInTheDocument();
    expect(callsTo(API.admin.setUserLicenseSuspension)[1]!.body).toEqual({ suspended: false });
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Suspend license' })).toBeVisible(),
    );
  });

  it('sends no reason when none is given', async () => {
    mockEndpoint(API.admin.setUserLicenseSuspension, {
      license: makeAdminLicense({ status: 'suspended', suspended: 'license' }),
    });
    const section = await openLicense(makeAdminLicense());
    await userEvent.click(within(section).getByRole('button', { name: 'Suspend license' }));
    const dialog = await confirmation('Suspend the license of bob?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend license' }));
    await waitFor(() => expect(callsTo(API.admin.setUserLicenseSuspension)).toHaveLength(1));
    expect(callsTo(API.admin.setUserLicenseSuspension)[0]!.body).toEqual({ suspended: true });
  });

  it('says a license suspended with the account is not suspended by an admin', async () => {
    const section = await openLicense(
      makeAdminLicense({ status: 'suspended', suspended: 'account' }),
    );
    expect(section).toHaveTextContent('StatusSuspendedbecause the account is not active');
    expect(within(section).getByRole('button', { name: 'Suspend license' })).toBeVisible();
  });
});
