/**
 * One changelog entry: version, title and date; a disclosure button reveals the markdown. The
 * entry counts one view when the page shows it to the reader: at least half of it on screen for
 * a second, or opened, whichever comes first (once per version per browser tab).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { ChangelogEntry } from '@flockr/contract';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { Markdown } from '../../../components/ui/markdown';
import { formatCalendarDate } from '../../../lib/format';
import { useRecordChangelogView } from '../api/changelog';

/** How long an entry stays on screen before it counts as shown, in milliseconds. */
const SHOWN_MS = 1000;

/**
 * The entry `entry` as a list item. Its markdown is rendered without raw HTML (components/ui/
 * markdown.tsx, loaded when an entry is first opened), so HTML in `changes` shows as text and
 * cannot inject markup.
 */
export function ChangelogEntryCard({ entry }: { entry: ChangelogEntry }) {
  const [open, setOpen] = useState(false);
  const { record } = useRecordChangelogView();
  const panelId = useId();
  const item = useRef<HTMLLIElement>(null);
  const { version } = entry;
  useEffect(() => {
    const node = item.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([seen]) => {
        clearTimeout(timer);
        if (seen?.isIntersecting) timer = setTimeout(() => record(version), SHOWN_MS);
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [record, version]);
  const toggle = () => {
    if (!open) record(version);
    setOpen((v) => !v);
  };
  return (
    <li ref={item} className="rounded-2xl border border-slate-200 bg-white shadow-card">
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
            <Markdown>{entry.changes}</Markdown>
          </div>
        ) : null}
      </div>
    </li>
  );
}
