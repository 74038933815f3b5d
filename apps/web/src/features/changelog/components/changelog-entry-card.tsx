/**
 * One changelog entry: version, title and date; a disclosure button reveals the markdown (and the
 * first opening counts a view).
 */
import { useId, useState } from 'react';
import ReactMarkdown from 'react-markdown';
import { ChevronDown } from 'lucide-react';
import type { ChangelogEntry } from '@flockr/contract';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { formatCalendarDate } from '../../../lib/format';
import { useRecordChangelogView } from '../api/changelog';

/**
 * The entry `entry` as a list item. Markdown is rendered by react-markdown without raw HTML (no rehype-raw), so HTML in
 * `changes` shows as text and cannot inject markup.
 */
export function ChangelogEntryCard({ entry }: { entry: ChangelogEntry }) {
  const [open, setOpen] = useState(false);
  const recordView = useRecordChangelogView();
  const panelId = useId();
  const toggle = () => {
    // The first time a reader opens the entry counts as one view.
    if (!open && recordView.isIdle) recordView.mutate(entry.version);
    setOpen((v) => !v);
  };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white shadow-card">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          className="flex w-full items-start gap-4 rounded-2xl px-5 py-4 text-left hover:bg-slate-50 sm:px-6"
        >
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="brand">v{entry.version}</Badge>
              <time dateTime={entry.release_date} className="text-sm text-slate-600">
                {formatCalendarDate(entry.release_date)}
              </time>
            </div>
            <span className="mt-2 block text-base font-semibold text-slate-900">{entry.title}</span>
            {!open && entry.changes_summary ? (
              <span className="mt-1 block truncate text-sm text-slate-600">
                {entry.changes_summary}
              </span>
            ) : null}
          </div>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'mt-1 size-5 shrink-0 text-slate-500 transition-transform',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-slate-100 px-5 py-4 sm:px-6">
        {open ? (
          <div className="prose-changelog">
            <ReactMarkdown>{entry.changes}</ReactMarkdown>
          </div>
        ) : null}
      </div>
    </li>
  );
}
