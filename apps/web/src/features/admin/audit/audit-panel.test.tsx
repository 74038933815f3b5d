import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, CSV_BOM } from '@flockr/contract';
import { callsTo, mockEndpoint } from '../../../test/api';
import { currentUrl } from '../../../test/render';
import { ADMIN_ERRORS } from '../kit/api/errors';
import { makeAuditEntry, pageOf } from '../test/fixtures';
import { gatewayError, lastQuery, renderAdmin } from '../test/render';
import { auditChange, compactJson } from '../kit/admin-format';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin audit tab', () => {
  it('tells each entry as a sentence with the changed fields before → after in words', async () => {
    mockEndpoint(API.admin.audit, {
      entries: [
        makeAuditEntry({ summary: 'root suspended alice', entity_label: 'alice' }),
        makeAuditEntry({
          id: '44444444-5555-4666-8777-000000000002',
          actor: null,
          action: 'plan.update',
          entity_type: 'plan',
          summary: 'The system changed plan PRO',
          before: { name: 'PRO', monthlyPriceMinor: 999, updatedAt: 'a' },
          after: { name: 'PRO', monthlyPriceMinor: 1299, updatedAt: 'b' },
        }),
      ],
      pagination: pageOf(2),
    });
    renderAdmin('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('root suspended alice')).toBeInTheDocument();
    expect(within(first!).getByText('user.status')).toBeInTheDocument();
    expect(within(first!).getByRole('definition')).toHaveTextContent(
      'Active → changed to Suspended',
    );
    expect(within(first!).getByRole('term')).toHaveTextContent('Status:');
    expect(within(second!).getByText('The system changed plan PRO')).toBeInTheDocument();
    expect(within(second!).getByRole('term')).toHaveTextContent('Monthly price:');
    expect(within(second!).getByRole('definition')).toHaveTextContent('9.99 → changed to 12.99');
    expect(within(second!).queryByText(/Updated/)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Audit pages' })).toHaveTextContent(
      'Page 1 of 1',
    );
  });

  it('filters by actor, action, entity type and date range', async () => {
    mockEndpoint(API.admin.audit, { entries: [], pagination: pageOf(0) });
    const { router } = renderAdmin('/admin?tab=audit');
    expect(await screen.findByRole('heading', { name: 'No changes recorded yet' })).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Entity type' }), 'order');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'order.status');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Actor' }), 'root');
    fireEvent.change(screen.getByLabelText('Recorded from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Recorded to'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(lastQuery(API.admin.audit)).toEqual({
        page: '1',
        limit: '10',
        action: 'order.status',
        entity_type: 'order',
        actor: 'root',
        from: '2026-11-01',
        to: '2026-11-20',
      }),
    );
    expect(currentUrl(router)).toContain('from=2026-11-01&to=2026-11-20');
    expect(await screen.findByRole('heading', { name: 'No entries found' })).toBeVisible();
    expect(screen.getByText('No audit entry matches these filters.')).toBeInTheDocument();
  });

  it('sorts by when, actor, action and entity from the headings, newest first by default', async () => {
    mockEndpoint(API.admin.audit, { entries: [makeAuditEntry()], pagination: pageOf(1) });
    const { router } = renderAdmin('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByRole('columnheader', { name: /When/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    for (const [heading, sort] of [
      ['Actor', 'actor'],
      ['What happened', 'action'],
      ['Entity', 'entity'],
      ['When', 'created_at'],
    ] as const) {
      await userEvent.click(within(table).getByRole('button', { name: heading }));
      await waitFor(() => expect(lastQuery(API.admin.audit)).toMatchObject({ sort, dir: 'asc' }));
      expect(
        within(table).getByRole('columnheader', { name: new RegExp(heading) }),
      ).toHaveAttribute('aria-sort', 'ascending');
    }
    await userEvent.click(within(table).getByRole('button', { name: 'When' }));
    await waitFor(() =>
      expect(lastQuery(API.admin.audit)).toMatchObject({ sort: 'created_at', dir: 'desc' }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=audit&sort=created_at&dir=desc');
    expect(within(table).queryByRole('button', { name: 'Changes' })).not.toBeInTheDocument();
  });

  it('exports the entries matching its filters, in its order, as the CSV file the server writes', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:test/0', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    mockEndpoint(API.admin.audit, { entries: [makeAuditEntry()], pagination: pageOf(1) });
    mockEndpoint(
      API.admin.exportAudit,
      () =>
        new Response(`${CSV_BOM}ID\r\n`, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-2026-11-23.csv"',
          },
        }),
    );
    renderAdmin('/admin?tab=audit&action=user.status&sort=actor&dir=desc&from=2026-11-01&page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-2026-11-23.csv']));
    const [sent] = callsTo(API.admin.exportAudit);
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({
      action: 'user.status',
      sort: 'actor',
      dir: 'desc',
      from: '2026-11-01',
    });
  });

  it('shows its own default text when the log cannot be read', async () => {
    mockEndpoint(API.admin.audit, gatewayError);
    renderAdmin('/admin?tab=audit');
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_ERRORS.fetchAudit);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('keeps only the changed keys of two object snapshots', () => {
    expect(
      auditChange({ name: 'PRO', price: 1, updated: 'a' }, { name: 'PRO', price: 2, updated: 'b' }),
    ).toEqual({ before: { price: 1, updated: 'a' }, after: { price: 2, updated: 'b' } });
    expect(auditChange(null, { a: 1 })).toEqual({ before: null, after: { a: 1 } });
    expect(compactJson(undefined)).toBe('—');
    expect(compactJson([1, 'x'])).toBe('[1,"x"]');
  });
});
