/**
 * The "License" card of /profile (docs/licenses.md): the license's status in plain words (and
 * what to do when it does not work), the plan and what it gives, the key — masked, with Show,
 * Copy and Rotate (a confirmation: the program must be activated again with the new key) — and
 * the devices holding a seat, "1 of 2 in use", each with Deactivate (a confirmation; frees the
 * seat at once). No device yet: how to activate the program. No license (never subscribed): a
 * line leading to the plans.
 */
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, MonitorOff, Power } from 'lucide-react';
import type { LicenseDevice, MyLicense } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { LicenseDeviceList } from '../../../components/ui/license-devices';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { entitlementLine } from '../../../lib/license-texts';
import { useMyLicense } from '../api/licenses';
import { QueryCard } from './query-card';
import { RotatableSecret } from './rotatable-secret';

/** The confirmations, loaded when one is opened. */
const RotateLicenseKeyDialog = lazy(() =>
  import('./license-dialogs').then((m) => ({ default: m.RotateLicenseKeyDialog })),
);
const DeactivateDeviceDialog = lazy(() =>
  import('./license-dialogs').then((m) => ({ default: m.DeactivateDeviceDialog })),
);

/** The classes of a link inside a warning box. */
const alertLink = 'mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2';

/** The license's status in plain words, with what to do when the program does not work. */
export function LicenseStatus({ license }: { license: MyLicense }) {
  const until = formatDate(license.expires_at);
  if (license.status === 'active') {
    return (
      <p className="flex items-start gap-2 text-sm text-emerald-800">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        <span>
          Active until {until}. The program works on up to {license.max_devices}{' '}
          {license.max_devices === 1 ? 'device' : 'devices'} at once.
        </span>
      </p>
    );
  }
  let text: string;
  let action: ReactNode;
  switch (license.status) {
    case 'expired':
      text = `Expired on ${until}, when your subscription ended. The program no longer works with this key; renew your subscription to use it again (the key stays the same).`;
      action = (
        <Link to="/plans" className={alertLink}>
          Renew on the plans page
        </Link>
      );
      break;
    case 'refunded':
      text =
        'Refunded: your last payment was refunded, so the program no longer works with this key. Choose a plan to use it again.';
      action = (
        <Link to="/plans" className={alertLink}>
          View plans
        </Link>
      );
      break;
    default:
      text =
        license.suspended === 'account'
          ? 'Suspended, because your account is not active. The program does not work with this key until your account is active again. Contact support to find out why.'
          : 'Suspended by our team: the program does not work with this key for now. Contact support to find out why and to have it reinstated.';
      action = (
        <Link to="/support" className={alertLink}>
          Contact support
        </Link>
      );
  }
  return (
    <Alert variant="warning">
      <p>{text}</p>
      {action}
    </Alert>
  );
}

/** The plan and what it gives, one readable line per entitlement. */
function PlanEntitlements({ license }: { license: MyLicense }) {
  return (
    <div className="grid gap-1.5 text-sm">
      <p className="text-slate-800">
        <span className="font-medium">Plan:</span> {license.plan.name}
      </p>
      {license.entitlements.length > 0 ? (
        <ul aria-label="What your plan gives" className="grid gap-1 sm:grid-cols-2">
          {license.entitlements.map((e) => (
            <li key={e.code} className="flex items-start gap-2 text-slate-700">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{entitlementLine(e)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** How to activate the program, shown while no device holds a seat. */
function NoDevices({ seats }: { seats: number }) {
  return (
    <div className="flex gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-4 text-sm">
      <MonitorOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="grid gap-1.5 text-slate-700">
        <p className="font-medium text-slate-900">No device is activated yet.</p>
        <p>
          To activate the program: download and install it from{' '}
          <Link
            to="/downloads"
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Downloads
          </Link>
          , open it, and enter your license key when it asks. Each computer you activate takes one
          of your {seats} {seats === 1 ? 'seat' : 'seats'}.
        </p>
      </div>
    </div>
  );
}

/** "1 of 2 in use" with a bar, the devices (or how to activate) and the seats' state. */
function Devices({
  license,
  onDeactivate,
  headingRef,
}: {
  license: MyLicense;
  onDeactivate: (device: LicenseDevice) => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  const used = license.active_devices;
  const limit = license.max_devices;
  const full = used >= limit;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold text-slate-900 outline-none"
        >
          Devices
        </h3>
        <p className={cn('text-sm', full ? 'font-medium text-amber-800' : 'text-slate-600')}>
          {used} of {limit} in use
        </p>
      </div>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-200">
        <div
          className={cn('h-full rounded-full', full ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${Math.min(100, (used / Math.max(1, limit)) * 100)}%` }}
        />
      </div>
      {license.devices.length === 0 ? (
        <NoDevices seats={limit} />
      ) : (
        <LicenseDeviceList
          devices={license.devices}
          label="Activated devices"
          action={(device) => (
            <Button
              variant="outline"
              size="sm"
              icon={<Power aria-hidden="true" className="size-4" />}
              onClick={() => onDeactivate(device)}
            >
              Deactivate <span className="sr-only">{device.name}</span>
            </Button>
          )}
        />
      )}
      {full && license.devices.length > 0 ? (
        <p className="text-xs text-slate-600">
          Every seat is in use: deactivate a device here (or from the program on it) before
          activating the program on another one.
        </p>
      ) : null}
    </section>
  );
}

/** The card's content once the license is in. */
function LicenseContent({ license }: { license: MyLicense }) {
  const [shown, setShown] = useState(false);
  const [deactivating, setDeactivating] = useState<LicenseDevice | null>(null);
  const devicesHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="grid gap-6 px-5 py-5 sm:px-6">
      <LicenseStatus license={license} />
      <PlanEntitlements license={license} />
      <RotatableSecret
        label="License key"
        what="license key"
        value={license.key}
        keepStart={4}
        keepEnd={6}
        hint="Enter this key in the program to activate it. Keep it private; rotate it if it may have leaked."
        shown={shown}
        onShownChange={setShown}
        dialog={RotateLicenseKeyDialog}
      />
      <Devices license={license} onDeactivate={setDeactivating} headingRef={devicesHeading} />
      {deactivating ? (
        <Suspense fallback={null}>
          <DeactivateDeviceDialog
            device={deactivating}
            onClose={() => setDeactivating(null)}
            onDeactivated={() => {
              setDeactivating(null);
              // Its row (and the button that opened the dialog) is gone: keep the focus nearby.
              setTimeout(() => devicesHeading.current?.focus(), 0);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The License card: loading, the server's error, no license, or the license. */
export function LicenseCard() {
  const query = useMyLicense();
  return (
    <QueryCard
      title="License"
      description="Your key for the program, what your plan gives, and the devices it is activated on."
      query={query}
      loadingLabel="Loading your license…"
      skeleton={
        <>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-10 w-80 max-w-full rounded-lg" />
          <Skeleton className="h-16 rounded-lg" />
        </>
      }
    >
      {({ license }) =>
        license ? (
          <LicenseContent license={license} />
        ) : (
          <p className="px-5 py-5 text-sm text-slate-700 sm:px-6">
            You have no license yet: it comes with your first paid subscription.{' '}
            <Link to="/plans" className="font-semibold text-brand-700 underline underline-offset-2">
              View plans
            </Link>
          </p>
        )
      }
    </QueryCard>
  );
}
