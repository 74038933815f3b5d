import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type AdminDeadJob, type AdminOutboxMessage } from '@flockr/contract';
import { apiError, callsTo, mockEndpoint } from '../../../test/api';
import { pageOf } from '../test/fixtures';
import { renderAdmin } from '../test/render';

const deadMail: AdminOutboxMessage = {
  id: '11111111-2222-4333-8444-000000000001',
  kind: 'receipt',
  to: 'buyer@example.com',
  subject: 'Receipt for order #1A2B3C4D',
  status: 'dead',
  attempts: 8,
  next_attempt_at: null,
  last_error: 'SMTP 550 mailbox unavailable',
  sent_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const deadJob: AdminDeadJob = {
  id: '11111111-2222-4333-8444-000000000002',
  queue: 'flockr.reconcile',
  error: 'the provider is down',
  retries: 4,
  created_at: '2026-11-20T09:00:00.000Z',
  failed_at: '2026-11-20T09:30:00.000Z',
};

describe('admin delivery tab', () => {
  it('lists failed e-mails and jobs, and Retry sends the e-mail again', async () => {
    let dead = [deadMail];
    mockEndpoint(API.admin.outbox, () => ({ messages: dead, pagination: pageOf(dead.length) }));
    mockEndpoint(API.admin.deadJobs, { runner: 'pg-boss', jobs: [deadJob], pagination: pageOf(1) });
    mockEndpoint(API.admin.retryOutboxMessage, () => {
      dead = [];
      return {
        message: {
          ...deadMail,
          status: 'sent' as const,
          attempts: 1,
          sent_at: deadMail.created_at,
        },
      };
    });
    renderAdmin('/admin?tab=delivery');

    const mails = await screen.findByRole('region', { name: 'Failed e-mails' });
    expect(within(mails).getByText('buyer@example.com')).toBeInTheDocument();
    expect(within(mails).getByText('SMTP 550 mailbox unavailable')).toBeInTheDocument();
    expect(callsTo(API.admin.outbox)[0]!.url.searchParams.get('status')).toBe('dead');
    const jobs = await screen.findByRole('region', { name: 'Failed jobs' });
    expect(within(jobs).getByText('flockr.reconcile')).toBeInTheDocument();
    expect(within(jobs).getByText('the provider is down')).toBeInTheDocument();

    await userEvent.click(
      within(mails).getByRole('button', { name: 'Retry the e-mail to buyer@example.com' }),
    );
    expect(await screen.findByText('The e-mail to buyer@example.com was sent')).toBeVisible();
    expect(callsTo(API.admin.retryOutboxMessage)[0]!.params).toEqual({ id: deadMail.id });
    expect(await screen.findByText('No failed e-mails.')).toBeVisible();
  });

  it('retries a dead job and shows a refused retry', async () => {
    mockEndpoint(API.admin.outbox, { messages: [], pagination: pageOf(0) });
    mockEndpoint(API.admin.deadJobs, { runner: 'pg-boss', jobs: [deadJob], pagination: pageOf(1) });
    mockEndpoint(API.admin.retryDeadJob, { status: 404, body: apiError('jobNotFound') });
    renderAdmin('/admin?tab=delivery');
    const jobs = await screen.findByRole('region', { name: 'Failed jobs' });
    await userEvent.click(
      within(jobs).getByRole('button', { name: 'Retry the job flockr.reconcile' }),
    );
    expect(await screen.findByText('Failed job not found')).toBeVisible();

    mockEndpoint(API.admin.retryDeadJob, {
      queue: 'flockr.reconcile',
      message: 'The job is back on flockr.reconcile.',
    });
    await userEvent.click(
      within(jobs).getByRole('button', { name: 'Retry the job flockr.reconcile' }),
    );
    expect(await screen.findByText('The job is back on flockr.reconcile.')).toBeVisible();
    await waitFor(() => expect(callsTo(API.admin.retryDeadJob)).toHaveLength(2));
  });

  it('says jobs run in-process on the embedded database', async () => {
    mockEndpoint(API.admin.outbox, { messages: [], pagination: pageOf(0) });
    mockEndpoint(API.admin.deadJobs, { runner: 'in-process', jobs: [], pagination: pageOf(0) });
    renderAdmin('/admin?tab=delivery');
    expect(await screen.findByText(/Jobs run inside the server/)).toBeVisible();
    expect(await screen.findByText('No failed e-mails.')).toBeVisible();
  });
});
