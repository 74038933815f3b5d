/**
 * A moment shown relative to now ('5 minutes ago'), with the exact local date and time in its
 * title (a tooltip on hover) and in `dateTime` for machines. Re-renders every minute so the words
 * stay true while the page is open. Only for pages rendered in the browser (signed-in pages): the
 * words depend on the clock, so a server's HTML would not match.
 */
import { useEffect, useState } from 'react';
import { formatDateTime, formatRelativeTime } from '../../lib/format';

/** How often the words are brought up to date (ms). */
const TICK_MS = 60_000;

/** `<time>` of `iso` in words relative to now, the exact time in its title. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}
