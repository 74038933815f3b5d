/**
 * The License section of the admin's user detail (docs/licenses.md "Admins"): status (and why it
 * is suspended), plan and what it gives, the key — never shown to admins (the API does not send
 * it): its generation says how often it was rotated —, the seats in use and every device,
 * deactivated ones too. Actions, each confirmed first: deactivate one device, Reset all devices,
 * Suspend license (with an optional reason) and Reinstate license.
 */
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Ban, Power, RotateCcw, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { AdminLicense, LicenseDevice } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { MutationConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/field';
import { fieldProps } from '../../../lib/form-field';
import { LicenseDeviceList } from '../../../components/ui/license-devices';
import { LicenseStatusBadge } from '../../../components/ui/status-badges';
import { formatDate, formatDateTime } from '../../../lib/format';
import { entitlementLine } from '../../../lib/license-texts';
import {
  useDeactivateUserDevice,
  useResetUserDevices,
  useSetLicenseSuspension,
  useUserLicense,
} from './api/licenses';
import { AdminForm, useAdminForm } from '../kit/admin-form';
import { QueryView } from '../kit/query-view';

/** A term and its value (as the user detail's other rows). */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1 sm:grid-cols-[8rem_1fr]">
      <dt className="text-slate-500">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What the license's status means, next to its badge. */
function statusDetail(license: AdminLicense): string {
  switch (license.status) {
    case 'active':
      return `until ${formatDate(license.expires_at)}`;
    case 'expired':
      return `since ${formatDate(license.expires_at)}`;
    case 'refunded':
      return 'last period refunded or cancelled';
    default:
      return license.suspended_at
        ? `by an admin, ${formatDateTime(license.suspended_at)}`
        : 'because the account is not active';
  }
}

/** "Rotated twice" from the key's generation (rotations + 1). */
function rotations(generation: number): string {
  const n = generation - 1;
  if (n <= 0) return 'never rotated';
  return n === 1 ? 'rotated once' : n === 2 ? 'rotated twice' : `rotated ${n} times`;
}

/** The suspension's optional reason (shown to admins next to the license). */
const suspendSchema = z.object({
  reason: z.string().trim().max(500, 'At most 500 characters'),
});

/** Suspending `username`'s license, confirmed, with an optional reason. */
function SuspendDialog({
  userId,
  username,
  onClose,
}: {
  userId: string;
  username: string;
  onClose: () => void;
}) {
  const change = useSetLicenseSuspension(username);
  const form = useAdminForm(suspendSchema, { reason: '' }, 'reason');
  const field = fieldProps(form);
  return (
    <AdminForm
      frame="dialog"
      title={`Suspend the license of ${username}?`}
      submitLabel="Suspend license"
      form={form}
      mutation={change}
      variables={({ reason }) => ({
        id: userId,
        suspended: true,
        ...(reason ? { reason } : {}),
      })}
      onClose={onClose}
    >
      <p>
        The program stops working on every device of {username} at once, and no device can be
        activated, until you reinstate the license. Devices keep their seats; the account and the
        subscription do not change.
      </p>
      <TextareaField
        label="Reason (optional)"
        hint="Admins see it next to the license; the user does not."
        rows={2}
        {...field('reason')}
      />
    </AdminForm>
  );
}

/** What waits for a confirmation. */
type Pending =
  | { kind: 'device'; device: LicenseDevice }
  | { kind: 'reset' }
  | { kind: 'suspend' }
  | { kind: 'reinstate' };

/** A button under the license that opens the confirmation of `kind`. */
interface LicenseAction {
  kind: Exclude<Pending['kind'], 'device'>;
  label: string;
  icon: LucideIcon;
  disabled?: boolean;
  className?: string;
}

/** The loaded license of `username` (`userId`) with its actions. */
function LicenseView({
  userId,
  username,
  license,
}: {
  userId: string;
  username: string;
  license: AdminLicense;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const deactivate = useDeactivateUserDevice();
  const reset = useResetUserDevices(username);
  const suspension = useSetLicenseSuspension(username);
  const close = () => setPending(null);
  const seated = license.devices.filter((d) => d.deactivated_at === null);
  const suspendedByAdmin = license.suspended_at !== null;
  const actions: LicenseAction[] = [
    { kind: 'reset', label: 'Reset all devices', icon: RotateCcw, disabled: seated.length === 0 },
    suspendedByAdmin
      ? { kind: 'reinstate', label: 'Reinstate license', icon: ShieldCheck }
      : { kind: 'suspend', label: 'Suspend license', icon: Ban, className: 'text-red-700' },
  ];
  return (
    <div className="space-y-3">
      <dl>
        <Row term="Status">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <LicenseStatusBadge status={license.status} />
            <span className="text-slate-700">{statusDetail(license)}</span>
          </span>
          {suspendedByAdmin && license.suspension_reason ? (
            <span className="mt-1 block text-slate-700">Reason: {license.suspension_reason}</span>
          ) : null}
        </Row>
        <Row term="Plan">{license.plan.name}</Row>
        <Row term="Gives">
          {license.entitlements.length > 0 ? (
            <ul>
              {license.entitlements.map((e) => (
                <li key={e.code}>{entitlementLine(e)}</li>
              ))}
            </ul>
          ) : (
            'No entitlements'
          )}
        </Row>
        <Row term="Key">
          <span className="text-slate-700">
            Not shown to admins · generation {license.key_generation} (
            {rotations(license.key_generation)})
          </span>
        </Row>
        <Row term="Devices">
          {license.active_devices} of {license.max_devices} in use
        </Row>
      </dl>
      {license.devices.length > 0 ? (
        <LicenseDeviceList
          devices={license.devices}
          label={`Devices of ${username}`}
          detailed
          action={(device) =>
            device.deactivated_at === null ? (
              <Button
                variant="outline"
                size="sm"
                icon={<Power aria-hidden="true" className="size-4" />}
                onClick={() => setPending({ kind: 'device', device })}
              >
                Deactivate <span className="sr-only">{device.name}</span>
              </Button>
            ) : null
          }
        />
      ) : (
        <p className="text-slate-600">No device was ever activated.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map(({ kind, label, icon: Icon, ...look }) => (
          <Button
            key={kind}
            variant="outline"
            size="sm"
            icon={<Icon aria-hidden="true" className="size-4" />}
            onClick={() => setPending({ kind })}
            {...look}
          >
            {label}
          </Button>
        ))}
      </div>

      {pending?.kind === 'device' ? (
        <MutationConfirmDialog
          title={`Deactivate ${pending.device.name}?`}
          confirmLabel="Deactivate device"
          mutation={deactivate}
          variables={{ id: userId, deviceId: pending.device.id, name: pending.device.name }}
          onClose={close}
        >
          <p>
            The program on{' '}
            <strong className="[overflow-wrap:anywhere]">{pending.device.name}</strong> stops
            working at once and its seat is freed. {username} can activate it again with their key.
          </p>
        </MutationConfirmDialog>
      ) : null}
      {pending?.kind === 'reset' ? (
        <MutationConfirmDialog
          title={`Reset all devices of ${username}?`}
          confirmLabel="Reset all devices"
          mutation={reset}
          variables={{ id: userId }}
          onClose={close}
        >
          <p>
            Every device ({seated.length}) is deactivated at once: the program stops working on each
            until it is activated again with the key, and all {license.max_devices} seats are free.
          </p>
        </MutationConfirmDialog>
      ) : null}
      {pending?.kind === 'suspend' ? (
        <SuspendDialog userId={userId} username={username} onClose={close} />
      ) : null}
      {pending?.kind === 'reinstate' ? (
        <MutationConfirmDialog
          title={`Reinstate the license of ${username}?`}
          confirmLabel="Reinstate license"
          confirmVariant="primary"
          mutation={suspension}
          variables={{ id: userId, suspended: false }}
          onClose={close}
        >
          <p>
            The program works again on the devices that hold a seat, and new devices can be
            activated, while the subscription lasts
            {license.suspended === 'account' ? ' and the account is active' : ''}.
          </p>
        </MutationConfirmDialog>
      ) : null}
    </div>
  );
}

/** The License section's content for user `userId` (`username`): loading, error, none, or it. */
export function UserLicense({ userId, username }: { userId: string; username: string }) {
  const query = useUserLicense(userId);
  return (
    <QueryView query={query} loadingLabel="Loading license…">
      {({ license }) =>
        license ? (
          <LicenseView userId={userId} username={username} license={license} />
        ) : (
          <p className="text-slate-600">No license: {username} has never had a paid order.</p>
        )
      }
    </QueryView>
  );
}
