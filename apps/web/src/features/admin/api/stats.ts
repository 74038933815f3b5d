/** Dashboard calls: `GET /admin/stats` and `GET /admin/stats/daily` (last 30 days). */
import { queryOptions } from '@tanstack/react-query';
import { CLIENT_ERRORS, type DailyStatsResponse, type Stats } from '@flockr/contract';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Fetches the headline figures and the recent users and orders. */
export function fetchStats(signal?: AbortSignal): Promise<{ stats: Stats }> {
  return api.get<{ stats: Stats }>('/admin/stats', {
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchStats,
  });
}

/** Fetches revenue and sign-ups per UTC day, oldest first. */
export function fetchDailyStats(signal?: AbortSignal): Promise<DailyStatsResponse> {
  return api.get<DailyStatsResponse>('/admin/stats/daily', {
    signal,
    fallback: CLIENT_ERRORS.defaults.fetchStats,
  });
}

/** Query options of the dashboard figures. */
export const statsQueryOptions = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: ({ signal }) => fetchStats(signal),
});

/** Query options of the dashboard charts. */
export const dailyStatsQueryOptions = queryOptions({
  queryKey: adminKeys.dailyStats,
  queryFn: ({ signal }) => fetchDailyStats(signal),
});
