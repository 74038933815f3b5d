import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminRoute from '../../../app/routes/admin';
import { mockApi } from '../../../test/mock-api';
import { currentUrl, renderRoute, signIn } from '../../../test/render';
import { makeAdmin, makeAuditEntry, pageOf } from '../test/fixtures';
import { auditChange, compactJson } from './admin-format';

describe('admin audit tab', () => {
  it('lists entries with actor, action, entity and before → after', async () => {
    const me = makeAdmin();
    signIn(me);
    mockApi({
      'GET /auth/me': { user: me },
      'GET /admin/audit': {
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
      },
    });
    renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('root')).toBeInTheDocument();
    expect(within(first!).getByText('user.status')).toBeInTheDocument();
    expect(within(first!).getByText('{"status":"ACTIVE"} → {"status":"SUSPENDED"}')).toBeVisible();
    expect(within(second!).getByText('System')).toBeInTheDocument();
    expect(within(second!).getByText('— → {"name":"PRO"}')).toBeInTheDocument();
  });

  it('filters by action prefix and entity type', async () => {
    const me = makeAdmin();
    signIn(me);
    const { callsTo } = mockApi({
      'GET /auth/me': { user: me },
      'GET /admin/audit': { entries: [], pagination: pageOf(0) },
    });
    const { router } = renderRoute(<AdminRoute />, { path: '/admin', url: '/admin?tab=audit' });
    expect(await screen.findByRole('heading', { name: 'No changes recorded yet' })).toBeVisible();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Entity type' }), 'order');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Action starts with' }), 'order.');
    await waitFor(() =>
      expect(Object.fromEntries(callsTo('GET /admin/audit').at(-1)!.url.searchParams)).toEqual({
        page: '1',
        limit: '10',
        action: 'order.',
        entity_type: 'order',
      }),
    );
    expect(currentUrl(router)).toBe('/admin?tab=audit&entity_type=order&action=order.');
    expect(await screen.findByRole('heading', { name: 'No entries found' })).toBeVisible();
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
