/**
 * The hook of the seller's business health (requirements §20): the health figures over a date
 * range. The previews of a status change live with their resource (users/, orders/).
 */
import { CLIENT_ERRORS } from '@flockr/contract';
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
