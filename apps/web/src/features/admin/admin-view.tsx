/**
 * /admin sections (requirements §2): tabs Dashboard, Users, Orders, Plans, Downloads, Changelog,
 * Delivery (failed e-mails and jobs, docs/jobs-and-email.md) and Audit. Downloads is the one
 * release capability (docs/decisions/025-one-release-capability.md): the spec's versions table
 * whose every version opens the release manager's channels, rollout, files and yank
 * (features/admin/releases). The tabs follow the WAI-ARIA tabs pattern (arrow keys, Home/End,
 * automatic activation); the selected tab lives in the URL (`?tab=users`) with the panel's page
 * and filters, and `?tab=releases`, the release manager's own tab before, still opens Downloads.
 * On a computer (from `lg`) they are a sidebar beside the full-width panel; on a phone a strip
 * under the admin bar that stays in view and scrolls the selected tab into view.
 */
import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  HardDrive,
  History,
  Layers,
  LayoutDashboard,
  MailWarning,
  Receipt,
  ScrollText,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { AuditPanel } from './audit';
import { ChangelogPanel } from './changelog';
import { DashboardPanel } from './dashboard';
import { DeliveryPanel } from './delivery';
import { OrdersPanel } from './orders';
import { PlansPanel } from './plans';
import { ReleasesPanel } from './releases';
import { UsersPanel } from './users';

/** The admin tabs, in order: URL value, label, icon (decorative) and panel. */
const ADMIN_TABS = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, Panel: DashboardPanel },
  { id: 'users', label: 'Users', icon: Users, Panel: UsersPanel },
  { id: 'orders', label: 'Orders', icon: Receipt, Panel: OrdersPanel },
  { id: 'plans', label: 'Plans', icon: Layers, Panel: PlansPanel },
  { id: 'downloads', label: 'Downloads', icon: HardDrive, Panel: ReleasesPanel },
  { id: 'changelog', label: 'Changelog', icon: ScrollText, Panel: ChangelogPanel },
  { id: 'delivery', label: 'Delivery', icon: MailWarning, Panel: DeliveryPanel },
  { id: 'audit', label: 'Audit', icon: History, Panel: AuditPanel },
] as const satisfies ReadonlyArray<{
  id: string;
  label: string;
  icon: LucideIcon;
  Panel: () => React.JSX.Element;
}>;

/** Media query of the sidebar layout (Tailwind `lg`). */
const SIDEBAR_QUERY = '(min-width: 1024px)';

/** True while the screen is wide enough for the sidebar (the tabs are then vertical). */
function useSidebar(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(SIDEBAR_QUERY);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(SIDEBAR_QUERY).matches ?? false,
    () => false,
  );
}

/** Old `tab` values and the tab each names now (links and bookmarks made before). */
const TAB_ALIASES = new Map<string, (typeof ADMIN_TABS)[number]['id']>([['releases', 'downloads']]);

/**
 * Index of the tab named by the `tab` query value (or an old name of it, {@link TAB_ALIASES});
 * the Dashboard when missing or unknown.
 */
export function tabIndexOf(value: string | null): number {
  const id = (value && TAB_ALIASES.get(value)) ?? value;
  const index = ADMIN_TABS.findIndex((t) => t.id === id);
  return index < 0 ? 0 : index;
}

/** Tab list and the selected panel. Switching tabs clears the previous tab's page and filters. */
export function AdminView() {
  const [params, setParams] = useSearchParams();
  const selected = tabIndexOf(params.get('tab'));
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const sidebar = useSidebar();

  // On a phone the strip scrolls sideways: keep the selected tab in view.
  useEffect(() => {
    tabRefs.current[selected]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  const select = (index: number, { focus = false, replace = false } = {}) => {
    const next = (index + ADMIN_TABS.length) % ADMIN_TABS.length;
    if (next !== selected) setParams({ tab: ADMIN_TABS[next]!.id }, { replace });
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      ArrowDown: selected + 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: ADMIN_TABS.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    // Arrow keys step through tabs: replace the history entry so Back leaves the panel.
    select(target, { focus: true, replace: true });
  };

  const { id: tabId, Panel } = ADMIN_TABS[selected]!;
  return (
    <div className="min-w-0 lg:grid lg:grid-cols-[11.5rem_minmax(0,1fr)] lg:gap-6">
      <div className="sticky top-14 z-30 -mx-4 border-b border-slate-200 bg-white px-2 sm:-mx-6 sm:px-4 lg:top-20 lg:mx-0 lg:self-start lg:rounded-xl lg:border lg:p-2">
        <div
          role="tablist"
          aria-label="Admin sections"
          aria-orientation={sidebar ? 'vertical' : 'horizontal'}
          onKeyDown={onKeyDown}
          className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible"
        >
          {ADMIN_TABS.map(({ id, label, icon: Icon }, index) => {
            const active = selected === index;
            return (
              <button
                key={id}
                ref={(el) => {
                  tabRefs.current[index] = el;
                }}
                id={`${baseId}-tab-${id}`}
                type="button"
                role="tab"
                aria-selected={active}
                aria-controls={`${baseId}-panel`}
                tabIndex={active ? 0 : -1}
                onClick={() => select(index)}
                className={cn(
                  'flex shrink-0 items-center gap-2 border-b-2 px-3 py-3 text-sm font-semibold transition-colors focus-visible:outline-offset-[-2px] lg:rounded-lg lg:border-b-0 lg:py-2',
                  active
                    ? 'border-brand-600 text-brand-700 lg:bg-brand-50'
                    : 'border-transparent text-slate-600 hover:text-slate-900 lg:hover:bg-slate-100',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tabId}`}
        tabIndex={0}
        className="mt-6 min-w-0 rounded-lg focus-visible:outline-offset-4 lg:mt-0"
      >
        <Panel key={tabId} />
      </div>
    </div>
  );
}
