/**
 * /admin shell (spec section 2): tabs Dashboard, Users, Orders, Plans, Downloads, Changelog and
 * Audit. The tabs follow the WAI-ARIA tabs pattern (arrow keys, Home/End, automatic activation);
 * the selected tab lives in the URL (`?tab=users`) with the panel's page and filters.
 */
import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { AuditPanel } from './audit-panel';
import { ChangelogPanel } from './changelog-panel';
import { DashboardPanel } from './dashboard-panel';
import { DownloadsPanel } from './downloads-panel';
import { OrdersPanel } from './orders-panel';
import { PlansPanel } from './plans-panel';
import { UsersPanel } from './users-panel';

/** The admin tabs, in order: URL value and label. */
export const ADMIN_TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'users', label: 'Users' },
  { id: 'orders', label: 'Orders' },
  { id: 'plans', label: 'Plans' },
  { id: 'downloads', label: 'Downloads' },
  { id: 'changelog', label: 'Changelog' },
  { id: 'audit', label: 'Audit' },
] as const;

/** URL value of an admin tab. */
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/** Index of the tab named by the `tab` query value; the Dashboard when missing or unknown. */
export function tabIndexOf(value: string | null): number {
  const index = ADMIN_TABS.findIndex((t) => t.id === value);
  return index < 0 ? 0 : index;
}

const panels: Record<AdminTabId, () => React.JSX.Element> = {
  dashboard: DashboardPanel,
  users: UsersPanel,
  orders: OrdersPanel,
  plans: PlansPanel,
  downloads: DownloadsPanel,
  changelog: ChangelogPanel,
  audit: AuditPanel,
};

/** Tab list and the selected panel. Switching tabs clears the previous tab's page and filters. */
export function AdminView() {
  const [params, setParams] = useSearchParams();
  const selected = tabIndexOf(params.get('tab'));
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number, { focus = false, replace = false } = {}) => {
    const next = (index + ADMIN_TABS.length) % ADMIN_TABS.length;
    if (next !== selected) setParams({ tab: ADMIN_TABS[next]!.id }, { replace });
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: ADMIN_TABS.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    // Arrow keys step through tabs: replace the history entry so Back leaves the panel.
    select(target, { focus: true, replace: true });
  };

  const tab = ADMIN_TABS[selected]!;
  const Panel = panels[tab.id];
  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {ADMIN_TABS.map(({ id, label }, index) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            id={`${baseId}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={selected === index}
            aria-controls={`${baseId}-panel`}
            tabIndex={selected === index ? 0 : -1}
            onClick={() => select(index)}
            className={cn(
              '-mb-px shrink-0 rounded-t-md border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-offset-[-2px]',
              selected === index
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tab.id}`}
        tabIndex={0}
        className="mt-6 min-w-0 rounded-lg focus-visible:outline-offset-4"
      >
        <Panel key={tab.id} />
      </div>
    </div>
  );
}
