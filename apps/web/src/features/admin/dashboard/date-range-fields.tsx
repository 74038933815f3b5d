/**
 * A From / To date range (UTC calendar days, `YYYY-MM-DD`) kept in the URL query (`from`, `to`),
 * and its two date inputs with quick ranges. Used by the health dashboard.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';

/** The range as the URL holds it ('' = open end). */
export interface DateRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const valid = (value: string | null) => (value && DAY.test(value) ? value : '');

/** Reads `from` / `to` from the URL query and sets them (going back to page 1). */
export function useDateRangeParams() {
  const [params, setParams] = useSearchParams();
  const values: DateRange = { from: valid(params.get('from')), to: valid(params.get('to')) };
  const set = useCallback(
    (next: DateRange) =>
      setParams(
        (previous) => {
          const query = new URLSearchParams(previous);
          query.delete('page');
          for (const key of ['from', 'to'] as const) {
            if (next[key]) query.set(key, next[key]);
            else query.delete(key);
          }
          return query;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { values, set };
}

/** `days` days before today (UTC) as `YYYY-MM-DD`. */
export function daysAgo(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Quick ranges offered next to the inputs (days back from today; 0 = any date). */
const PRESETS = [
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
  { label: 'Last 12 months', days: 365 },
  { label: 'Any date', days: 0 },
] as const;

/** The From and To inputs named by `legend`, and the quick ranges; `onChange` gets the new range. */
export function DateRangeFields({
  legend,
  from,
  to,
  onChange,
}: DateRange & { legend: string; onChange: (range: DateRange) => void }) {
  const input =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none';
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{legend}</legend>
      <label className="block min-w-[9.5rem] flex-1 text-sm font-medium text-slate-700 sm:flex-none">
        From
        <input
          type="date"
          className={input}
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value, to })}
        />
      </label>
      <label className="block min-w-[9.5rem] flex-1 text-sm font-medium text-slate-700 sm:flex-none">
        To
        <input
          type="date"
          className={input}
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ from, to: event.target.value })}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        {PRESETS.map((preset) => (
          <Button
            key={preset.label}
            variant="outline"
            size="sm"
            onClick={() =>
              onChange(
                preset.days === 0 ? { from: '', to: '' } : { from: daysAgo(preset.days), to: '' },
              )
            }
          >
            {preset.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
