/**
 * Admin user hooks (requirements §7, `/admin/users`): list, detail, status and role, and the
 * server's preview of what a status change will do (asked for before the admin confirms; reading
 * it changes nothing; requirements §12).
 */
import { CLIENT_ERRORS, type UserStatus } from '@flockr/contract';
import { humanize } from '../../../../lib/format';
import { ADMIN_ERRORS } from '../../kit/api/errors';
import { adminKeys } from '../../kit/api/keys';
import { useAdminPage, useAdminQuery, useAdminUpdate, type PageFilter } from '../../kit/api/hooks';

/** Page, search (username or email), status and role of the users list ('' = any). */
export type UsersFilter = PageFilter<'GET /admin/users'>;

/** One page of users, newest first (`GET /admin/users`). */
export function useAdminUsers(filter: UsersFilter) {
  return useAdminPage('GET /admin/users', 'users', filter, CLIENT_ERRORS.defaults.fetchUsers);
}

/** A user with orders, subscription and downloads (`GET /admin/users/{id}`); idle while null. */
export function useAdminUser(id: string | null) {
  return useAdminQuery('GET /admin/users/:id', {
    key: adminKeys.user(id ?? ''),
    input: { params: { id: id ?? '' } },
    fallback: ADMIN_ERRORS.fetchUser,
    enabled: id !== null,
  });
}

/** Toast of a user change: 'bob is now Suspended'. */
const nowText = (username: string, value: string) => `${username} is now ${humanize(value)}`;

/**
 * Sets a user's status (`PUT /admin/users/{id}/status`; not your own, other admins SUPER_ADMIN
 * only: docs/decisions/004-admin-roles.md). Variables: `{ id, status }`.
 */
export function useSetUserStatus() {
  return useAdminUpdate('PUT /admin/users/:id/status', {
    fallback: CLIENT_ERRORS.defaults.updateUserStatus,
    success: ({ user }) => nowText(user.username, user.status),
  });
}

/** Sets a user's role (`PUT /admin/users/{id}/role`, SUPER_ADMIN only). Variables: `{ id, role }`. */
export function useSetUserRole() {
  return useAdminUpdate('PUT /admin/users/:id/role', {
    fallback: ADMIN_ERRORS.updateUserRole,
    success: ({ user }) => nowText(user.username, user.role),
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
