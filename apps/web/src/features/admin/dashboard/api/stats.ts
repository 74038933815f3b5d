/** Dashboard hooks (requirements §3): `GET /admin/stats` and `GET /admin/stats/daily`. */
import { CLIENT_ERRORS } from '@flockr/contract';
import { adminKeys } from '../../kit/api/keys';
import { useAdminQuery } from '../../kit/api/hooks';

/** The headline figures and the newest users and orders. */
export function useAdminStats() {
  return useAdminQuery('GET /admin/stats', {
    key: adminKeys.stats,
    fallback: CLIENT_ERRORS.defaults.fetchStats,
  });
}

/** Revenue and sign-ups per UTC day for the last 30 days, oldest first. */
export function useDailyStats() {
  return useAdminQuery('GET /admin/stats/daily', {
    key: adminKeys.dailyStats,
    fallback: CLIENT_ERRORS.defaults.fetchStats,
  });
}
