/**
 * Hooks of the seller's guardrails and health (README "Admins"): the business-health figures
 * over a date range, and the server's preview of what a user or order status change will do
 * (asked for before the admin confirms; reading it changes nothing).
 */
import { CLIENT_ERRORS, type OrderStatus, type UserStatus } from '@flockr/contract';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { adminKeys } from '../../kit/api/keys';
import { useAdminQuery } from '../../kit/api/hooks';

/** The inclusive UTC date range of the health figures; '' leaves an end to the server. */
export interface HealthRange {
  from: string;
  to: string;
}

/** Business health over `range` (`GET /admin/stats/health?from&to`). */
export function useBusinessHealth(range: HealthRange) {
  const query = {
    ...(range.from && { from: range.from }),
    ...(range.to && { to: range.to }),
  };
  return useAdminQuery('GET /admin/stats/health', {
    key: [...adminKeys.stats, 'health', query],
    input: { query },
    fallback: CLIENT_ERRORS.defaults.fetchStats,
    paged: true,
  });
}

/**
 * What setting user `id` to `status` would do (`GET /admin/users/{id}/status/preview`); idle
 * while `request` is null.
 */
export function useUserStatusPreview(request: { id: string; status: UserStatus } | null) {
  return useAdminQuery('GET /admin/users/:id/status/preview', {
    key: [...adminKeys.all, 'users', 'preview', request?.id ?? '', request?.status ?? ''],
    input: {
      params: { id: request?.id ?? '' },
      query: { status: request?.status ?? 'ACTIVE' },
    },
    fallback: ADMIN_ERRORS.fetchPreview,
    enabled: request !== null,
  });
}

/** Statuses an admin may set on an order (the preview's and the change's `status`). */
type SettableOrderStatus = Exclude<OrderStatus, 'EXPIRED'>;

/**
 * What moving order `id` to `status` would do: time granted or taken back, e-mails sent
 * (`GET /admin/orders/{id}/status/preview`); idle while `request` is null.
 */
export function useOrderStatusPreview(request: { id: string; status: SettableOrderStatus } | null) {
  return useAdminQuery('GET /admin/orders/:id/status/preview', {
    key: [...adminKeys.all, 'orders', 'preview', request?.id ?? '', request?.status ?? ''],
    input: {
      params: { id: request?.id ?? '' },
      query: { status: request?.status ?? 'PENDING' },
    },
    fallback: ADMIN_ERRORS.fetchPreview,
    enabled: request !== null,
  });
}
