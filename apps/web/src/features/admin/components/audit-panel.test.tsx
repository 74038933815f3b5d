import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@flockr/contract';
import { mockEndpoint } from '../../../test/api';
import { currentUrl } from '../../../test/render';
import { ADMIN_ERRORS } from '../api/errors';
import { makeAuditEntry, pageOf } from '../test/fixtures';
import { gatewayError, lastQuery, renderAdmin } from '../test/render';
import { auditChange, compactJson } from './admin-format';

describe('admin audit tab', () => {
  it('lists entries with actor, action, entity and before → after', async () => {
    mockEndpoint(API.admin.audit, {
      entries: [
        makeAuditEntry(),
        makeAuditEntry({
          id: '44444444-5555-4666-8777-000000000002',
          actor: null,
          action: 'plan.create',
          entity_type: 'plan',
          before: null,
          after: { name: 'PRO' },
        }),
      ],
      pagination: pageOf(2),
    });
    renderAdmin('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('root')).toBeInTheDocument();
    expect(within(first!).getByText('user.status')).toBeInTheDocument();
    expect(within(first!).getByText('{"status":"ACTIVE"} → {"status":"SUSPENDED"}')).toBeVisible();
    expect(within(second!).getByText('System')).toBeInTheDocument();
    expect(within(second!).getByText('— → {"name":"PRO"}')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Audit pages' })).toHaveTextContent(
      'Page 1 of 1',
    );
  });

  it('filters by action prefix and entity type', async () => {
    mockEndpoint(API.admin.audit, { entries: [], pagination: pageOf(0) });
    const { router } = renderAdmin('/admin?tab=audit');
    expect(await screen.findByRole('heading', { name: 'No changes recorded yet' })).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Entity type' }), 'order');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Action starts with' }), 'order.');
    await waitFor(() =>
      expect(lastQuery(API.admin.audit)).toEqual({
        page: '1',
        limit: '10',
        action: 'order.',
        entity_type: 'order',
      }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=audit&entity_type=order&action=order.');
    expect(await screen.findByRole('heading', { name: 'No entries found' })).toBeVisible();
    expect(screen.getByText('No audit entry matches these filters.')).toBeInTheDocument();
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
