/**
 * Query keys of the admin panel. They live under the private root (dropped on logout) and under
 * one `admin` prefix, so a change can refresh every admin list with one invalidation.
 */
import { PRIVATE_ROOT } from '../../../../lib/query-keys';

const root = [PRIVATE_ROOT, 'admin'] as const;

/** Admin query keys by resource; a paged list's key ends with its query so pages cache apart. */
export const adminKeys = {
  all: root,
  stats: [...root, 'stats'] as const,
  dailyStats: [...root, 'stats', 'daily'] as const,
  /** One page of a paged list, e.g. `page('users', { page: 2, limit: 10 })`. */
  page: (resource: string, query: object) => [...root, resource, 'list', query] as const,
  user: (id: string) => [...root, 'users', 'detail', id] as const,
  /** A user's license and devices (`GET /admin/users/{id}/license`). */
  userLicense: (id: string) => [...root, 'users', 'license', id] as const,
  plans: [...root, 'plans'] as const,
  releases: [...root, 'downloads'] as const,
  /** The release manager: releases with channels, rollout and files (`GET /admin/releases`). */
  releaseDetails: [...root, 'releases'] as const,
  /** Update adoption over the last `days` days (`GET /admin/updates/adoption`). */
  adoption: (days: number) => [...root, 'adoption', days] as const,
  apiTokens: [...root, 'api-tokens'] as const,
  /** What test mode left (`GET /admin/test-data`). */
  testData: [...root, 'test-data'] as const,
  changelog: [...root, 'changelog'] as const,
};
