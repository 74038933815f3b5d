/**
 * What a status change will do, as the server previewed it (README "Admins": confirm before a
 * change, from the server's own rules): the effects as sentences, the e-mails sent, and how the
 * buyer's paid time moves. Used by the user status confirmation and the order status dialog.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Clock, Mail } from 'lucide-react';
import type { StatusPreview } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import type { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';

/** '+30 days' / '−21 days' of paid time, or null when none moves. */
function timeText(ms: number): string | null {
  const days = Math.round(Math.abs(ms) / 86_400_000);
  if (ms === 0) return null;
  const amount = days < 1 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`;
  return ms > 0 ? `+${amount} of paid time` : `−${amount} of paid time`;
}

/** The preview's sentences, time and e-mails; a spinner while it loads; the error if it failed. */
export function StatusPreviewView({
  query,
}: {
  query: UseQueryResult<{ preview: StatusPreview }, ApiError>;
}) {
  if (query.isPending) return <Spinner label="Working out what this change will do…" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const { preview } = query.data;
  const time = timeText(preview.time_ms);
  return (
    <div className="space-y-3" data-testid="status-preview">
      <ul className="list-disc space-y-1 pl-5">
        {preview.effects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      {time ? (
        <p className="flex items-start gap-2 font-medium text-slate-900">
          <Clock aria-hidden="true" className="mt-1 size-4 shrink-0" />
          <span>
            {time}
            {preview.access_until.after
              ? ` · access until ${formatDate(preview.access_until.after)}`
              : ' · no access left'}
          </span>
        </p>
      ) : null}
      {preview.emails.length > 0 ? (
        <ul aria-label="E-mails sent" className="space-y-1">
          {preview.emails.map((mail) => (
            <li key={mail} className="flex items-start gap-2">
              <Mail aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <span className="break-all">{mail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
