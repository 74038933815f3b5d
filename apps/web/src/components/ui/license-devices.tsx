/**
 * The devices of a license as a list (the owner's License card on /profile and the admin's
 * License section): each device's name, platform, app version and when it was last seen (in
 * words, the exact time in a tooltip), with the caller's action (Deactivate) on its right, or
 * under it where the list is narrow (a phone, the admin's dialog: a container query, so the list
 * fits wherever it is placed). Devices holding a seat come first; a deactivated device (admins
 * see them) is greyed, with when and why.
 */
import type { ReactNode } from 'react';
import { Laptop, Monitor } from 'lucide-react';
import { PLATFORM_NAMES, type LicenseDevice } from '@flockr/contract';
import { formatDateTime } from '../../lib/format';
import { DEACTIVATION_REASONS } from '../../lib/license-texts';
import { cn } from './cn';
import { RelativeTime } from './relative-time';

/**
 * `devices` as a list named `label`; `action(device)` is placed on each row (nothing when it
 * returns null); `detailed` adds the host name, fingerprint and activation time (admins).
 */
export function LicenseDeviceList({
  devices,
  label,
  action,
  detailed = false,
}: {
  devices: readonly LicenseDevice[];
  label: string;
  action?: (device: LicenseDevice) => ReactNode;
  detailed?: boolean;
}) {
  // Stable: the server's order (most recently seen, or newest) within each group.
  const ordered = [...devices].sort(
    (a, b) => Number(a.deactivated_at !== null) - Number(b.deactivated_at !== null),
  );
  return (
    <ul
      aria-label={label}
      className="@container divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
    >
      {ordered.map((device) => {
        const Icon = device.platform === 'macos' ? Laptop : Monitor;
        const off = device.deactivated_at !== null;
        const control = action?.(device) ?? null;
        return (
          <li
            key={device.id}
            className="flex flex-col gap-3 px-3 py-3 @lg:flex-row @lg:items-center @lg:justify-between @lg:px-4"
          >
            <div className="flex min-w-0 items-start gap-3">
              <Icon
                aria-hidden="true"
                className={cn('mt-0.5 size-5 shrink-0', off ? 'text-slate-400' : 'text-brand-600')}
              />
              <div className="min-w-0">
                <p
                  className={cn(
                    'font-medium [overflow-wrap:anywhere]',
                    off ? 'text-slate-500' : 'text-slate-900',
                  )}
                >
                  {device.name}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {PLATFORM_NAMES[device.platform]}
                  {' · '}
                  {device.app_version ? (
                    <span className="[overflow-wrap:anywhere]">Version {device.app_version}</span>
                  ) : (
                    'Version unknown'
                  )}
                  {' · '}
                  <span className="whitespace-nowrap">
                    Last seen <RelativeTime iso={device.last_seen_at} />
                  </span>
                </p>
                {detailed ? (
                  <p className="mt-0.5 text-xs text-slate-500">
                    {device.hostname ? (
                      <>
                        Host <span className="[overflow-wrap:anywhere]">{device.hostname}</span>
                        {' · '}
                      </>
                    ) : null}
                    Activated {formatDateTime(device.activated_at)}
                    {' · '}
                    <span className="font-mono [overflow-wrap:anywhere]" title={device.fingerprint}>
                      {device.fingerprint.slice(0, 12)}
                      {device.fingerprint.length > 12 ? '…' : ''}
                    </span>
                  </p>
                ) : null}
                {off ? (
                  <p className="mt-0.5 text-xs font-medium text-slate-600">
                    Deactivated {formatDateTime(device.deactivated_at)}
                    {device.deactivation_reason
                      ? ` ${DEACTIVATION_REASONS[device.deactivation_reason]}`
                      : ''}
                  </p>
                ) : null}
              </div>
            </div>
            {control ? <div className="shrink-0 pl-8 @lg:pl-0">{control}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
