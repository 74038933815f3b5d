/** Admin user calls: list, detail, status and role (spec section 7, /admin/users). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ADMIN_PAGE_SIZE,
  CLIENT_ERRORS,
  type AdminUserDetail,
  type AdminUsersResponse,
  type User,
  type UserRole,
  type UserStatus,
} from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Filters of the users list as the screen keeps them (empty strings mean "any"). */
export interface UsersFilter {
  page: number;
  search: string;
  status: UserStatus | '';
  role: UserRole | '';
}

/** Default error texts of the user calls the spec's catalogue does not name (ours). */
export const USER_ERRORS = {
  fetchUser: 'Failed to fetch user',
  updateUserRole: 'Failed to update user role',
} as const;

/** Fetches one page of users, newest first; empty filters are left out of the URL. */
export function fetchAdminUsers(
  filter: UsersFilter,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  return api.get<AdminUsersResponse>('/admin/users', {
    query: {
      page: filter.page,
      limit: ADMIN_PAGE_SIZE,
      search: filter.search.trim(),
      status: filter.status,
      role: filter.role,
    },
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchUsers,
  });
}

/** Query options of a users page; the previous page stays on screen while the next loads. */
export function adminUsersQueryOptions(filter: UsersFilter) {
  return queryOptions({
    queryKey: adminKeys.usersPage(filter),
    queryFn: ({ signal }) => fetchAdminUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** Fetches a user with their orders, subscription and download history. */
export function fetchAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, {
    signal,
    fallback: USER_ERRORS.fetchUser,
  });
}

/** Query options of a user's detail. */
export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => fetchAdminUser(id, signal),
  });
}

/** Sets a user's status. @throws ApiError, e.g. 403 'You cannot change your own status or role'. */
export function updateUserStatus(id: string, status: UserStatus): Promise<{ user: User }> {
  return api.put<{ user: User }>(
    `/admin/users/${encodeURIComponent(id)}/status`,
    { status },
    { fallback: CLIENT_ERRORS.defaults.updateUserStatus },
  );
}

/** Sets a user's role (SUPER_ADMIN only; the server answers 403 otherwise). */
export function updateUserRole(id: string, role: UserRole): Promise<{ user: User }> {
  return api.put<{ user: User }>(
    `/admin/users/${encodeURIComponent(id)}/role`,
    { role },
    { fallback: USER_ERRORS.updateUserRole },
  );
}
