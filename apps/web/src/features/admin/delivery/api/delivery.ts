/**
 * Admin hooks of the background work (docs/jobs-and-email.md): e-mails given up after every
 * retry (`GET /admin/outbox?status=dead`), jobs that failed every retry (`GET /admin/jobs/dead`),
 * and their Retry buttons (`POST /admin/outbox/{id}/retry`, `POST /admin/jobs/dead/{id}/retry`;
 * both audited on the server).
 */
import { call } from '../../../../lib/api-client';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { useAdminChange, useAdminPage } from '../../kit/api/hooks';

/** One page (10) of the dead e-mails, newest first. */
export function useDeadEmails(page: number) {
  return useAdminPage(
    'GET /admin/outbox',
    'outbox',
    { page, status: 'dead' },
    ADMIN_ERRORS.fetchOutbox,
  );
}

/** One page (10) of the dead jobs, oldest first, and where jobs run (`pg-boss` or in-process). */
export function useDeadJobs(page: number) {
  return useAdminPage('GET /admin/jobs/dead', 'dead-jobs', { page }, ADMIN_ERRORS.fetchDeadJobs);
}

/**
 * Sends a dead e-mail again now. Variables: `{ id }`. The toast says whether it went out this
 * time; a message that is not dead (sent, or still being tried) answers 409 OUTBOX_MESSAGE_NOT_DEAD.
 */
export function useRetryEmail() {
  return useAdminChange({
    mutationFn: ({ id }: { id: string }) =>
      call('POST /admin/outbox/:id/retry', { params: { id } }, { fallback: ADMIN_ERRORS.retry }),
    success: ({ message }) =>
      message.status === 'sent'
        ? `The e-mail to ${message.to} was sent`
        : `The e-mail to ${message.to} failed again; it will be retried`,
  });
}

/** Puts a dead job back on its queue. Variables: `{ id }`. */
export function useRetryJob() {
  return useAdminChange({
    mutationFn: ({ id }: { id: string }) =>
      call('POST /admin/jobs/dead/:id/retry', { params: { id } }, { fallback: ADMIN_ERRORS.retry }),
    success: ({ message }) => message,
  });
}
