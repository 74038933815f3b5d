/** Dashboard hooks (spec section 3): `GET /admin/stats` and `GET /admin/stats/daily`. */
import { API, CLIENT_ERRORS } from '@flockr/contract';
import { adminKeys } from './keys';
import { useAdminQuery } from './hooks';

/** The headline figures and the newest users and orders. */
export function useAdminStats() {
  return useAdminQuery(API.admin.stats, {
    key: adminKeys.stats,
    fallback: CLIENT_ERRORS.defaults.fetchStats,
  });
}

/** Revenue and sign-ups per UTC day for the last 30 days, oldest first. */
export function useDailyStats() {
  return useAdminQuery(API.admin.dailyStats, {
    key: adminKeys.dailyStats,
    fallback: CLIENT_ERRORS.defaults.fetchStats,
  });
}
