/**
 * The Delivery tab (docs/jobs-and-email.md): e-mails the server gave up on after every retry
 * (dead letters of the outbox) and background jobs that failed every retry (pg-boss's dead-letter
 * queue), each with a Retry button. Retrying is audited on the server. On the embedded database
 * jobs run in-process and never reach this list.
 */
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { latestError } from '../kit/api/hooks';
import { useDeadEmails, useDeadJobs, useRetryEmail, useRetryJob } from './api/delivery';
import { AdminTable, tdClass } from '../kit/admin-table';
import { Pager } from '../kit/pager';
import { QueryView } from '../kit/query-view';

/** A card's heading and the sentence under it. */
function CardHead({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** A row's Retry button, busy while the retry of that row runs. */
function RetryButton({
  label,
  busy,
  onRetry,
}: {
  label: string;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <Button size="sm" variant="outline" aria-label={label} loading={busy} onClick={onRetry}>
      Retry
    </Button>
  );
}

/** The e-mails given up on, newest first, with Retry. */
function DeadEmails() {
  const [page, setPage] = useState(1);
  const query = useDeadEmails(page);
  const retry = useRetryEmail();
  const error = latestError(retry);
  return (
    <Card className="min-w-0">
      <CardHead title="Failed e-mails">
        E-mails the mail server refused on every attempt. Retry sends one again now.
      </CardHead>
      {error && (
        <Alert variant="error" className="mx-5 mt-4 sm:mx-6">
          {error.message}
        </Alert>
      )}
      <QueryView query={query} loadingLabel="Loading failed e-mails">
        {({ messages, pagination }) =>
          messages.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-600 sm:px-6">No failed e-mails.</p>
          ) : (
            <>
              <AdminTable
                label="Failed e-mails"
                columns={[
                  'Written',
                  'To',
                  'Subject',
                  'Attempts',
                  'Last error',
                  { label: 'Action', hidden: true },
                ]}
                minWidth="min-w-[56rem]"
              >
                {messages.map((m) => (
                  <tr key={m.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>{m.to}</td>
                    <td className={tdClass}>
                      <p className="text-slate-900">{m.subject}</p>
                      <p className="font-mono text-xs text-slate-500">{m.kind}</p>
                    </td>
                    <td className={tdClass}>{m.attempts}</td>
                    <td className={`${tdClass} font-mono text-xs break-all`}>
                      {m.last_error ?? '—'}
                    </td>
                    <td className={tdClass}>
                      <RetryButton
                        label={`Retry the e-mail to ${m.to}`}
                        busy={retry.isPending && retry.variables?.id === m.id}
                        onRetry={() => retry.mutate({ id: m.id })}
                      />
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <Pager
                label="Failed e-mail pages"
                page={pagination.page}
                totalPages={pagination.total_pages}
                total={pagination.total}
                estimate={pagination.total_is_estimate}
                noun="e-mails"
                onPage={setPage}
              />
            </>
          )
        }
      </QueryView>
    </Card>
  );
}

/** The jobs that failed every retry, oldest first, with Retry. */
function DeadJobs() {
  const [page, setPage] = useState(1);
  const query = useDeadJobs(page);
  const retry = useRetryJob();
  const error = latestError(retry);
  return (
    <Card className="min-w-0">
      <CardHead title="Failed jobs">
        Background jobs (order expiry, reconciliation, reminders, e-mail sending) that failed on
        every retry. Retry puts one back on its queue.
      </CardHead>
      {error && (
        <Alert variant="error" className="mx-5 mt-4 sm:mx-6">
          {error.message}
        </Alert>
      )}
      <QueryView query={query} loadingLabel="Loading failed jobs">
        {({ jobs, pagination, runner }) =>
          jobs.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-600 sm:px-6">
              {runner === 'in-process'
                ? 'Jobs run inside the server on the embedded database; a failure is logged and tried again the next minute.'
                : 'No failed jobs.'}
            </p>
          ) : (
            <>
              <AdminTable
                label="Failed jobs"
                columns={['Failed', 'Queue', 'Retries', 'Error', { label: 'Action', hidden: true }]}
                minWidth="min-w-[48rem]"
              >
                {jobs.map((j) => (
                  <tr key={j.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      <time dateTime={j.failed_at}>{formatDateTime(j.failed_at)}</time>
                    </td>
                    <td className={`${tdClass} font-mono text-xs`}>{j.queue}</td>
                    <td className={tdClass}>{j.retries}</td>
                    <td className={`${tdClass} font-mono text-xs break-all`}>{j.error ?? '—'}</td>
                    <td className={tdClass}>
                      <RetryButton
                        label={`Retry the job ${j.queue}`}
                        busy={retry.isPending && retry.variables?.id === j.id}
                        onRetry={() => retry.mutate({ id: j.id })}
                      />
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <Pager
                label="Failed job pages"
                page={pagination.page}
                totalPages={pagination.total_pages}
                total={pagination.total}
                noun="jobs"
                onPage={setPage}
              />
            </>
          )
        }
      </QueryView>
    </Card>
  );
}

/** Failed e-mails above failed jobs. */
export function DeliveryPanel() {
  return (
    <div className="grid min-w-0 gap-6">
      <DeadEmails />
      <DeadJobs />
    </div>
  );
}
