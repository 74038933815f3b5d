/**
 * /admin shell (spec section 2): tabs Dashboard, Users, Orders, Plans, Downloads, Changelog.
 * Each panel is a placeholder until the admin issue builds it. Tabs follow the WAI-ARIA tabs
 * pattern (arrow keys, Home/End, automatic activation).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Construction } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';

/** The admin tabs, in order. */
export const ADMIN_TABS = [
  'Dashboard',
  'Users',
  'Orders',
  'Plans',
  'Downloads',
  'Changelog',
] as const;

/** Tab list and the selected placeholder panel. */
export function AdminView() {
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number) => {
    const next = (index + ADMIN_TABS.length) % ADMIN_TABS.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
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
    select(target);
  };

  const tab = ADMIN_TABS[selected]!;
  return (
    <div>
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {ADMIN_TABS.map((name, index) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            aria-selected={selected === index}
            aria-controls={`${baseId}-panel`}
            tabIndex={selected === index ? 0 : -1}
            onClick={() => setSelected(index)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors',
              selected === index
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${selected}`}
        tabIndex={0}
        className="mt-6"
      >
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
            <Construction aria-hidden="true" className="size-6" />
          </div>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{tab}</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            The {tab.toLowerCase()} section is being built and will be available soon.
          </p>
        </Card>
      </div>
    </div>
  );
}
