/**
 * Query keys of the admin panel. They live under the private root (dropped on logout) and under
 * one `admin` prefix, so a mutation can refresh every admin list with one invalidation.
 */
import { PRIVATE_ROOT } from '../../../lib/query-keys';

const root = [PRIVATE_ROOT, 'admin'] as const;

/** Admin query keys by resource; list keys end with their query so each page caches apart. */
export const adminKeys = {
  all: root,
  stats: [...root, 'stats'] as const,
  dailyStats: [...root, 'stats', 'daily'] as const,
  users: [...root, 'users'] as const,
  usersPage: (query: object) => [...root, 'users', 'list', query] as const,
  user: (id: string) => [...root, 'users', 'detail', id] as const,
  orders: [...root, 'orders'] as const,
  ordersPage: (query: object) => [...root, 'orders', 'list', query] as const,
  plans: [...root, 'plans'] as const,
  downloads: [...root, 'downloads'] as const,
  changelog: [...root, 'changelog'] as const,
  auditPage: (query: object) => [...root, 'audit', query] as const,
};
