/**
 * The dashboard's update adoption (requirements §20, docs/updates.md): which versions the
 * subscribers' computers run, per UTC day (`GET /admin/updates/adoption`).
 */
import { adminKeys } from '../../kit/api/keys';
import { useAdminQuery } from '../../kit/api/hooks';

/** Default error text of the adoption call. */
const ADOPTION_ERROR = 'Failed to fetch update adoption';

/** Update adoption over the last `days` days (`GET /admin/updates/adoption`). */
export function useAdoption(days = 30) {
  return useAdminQuery('GET /admin/updates/adoption', {
    key: adminKeys.adoption(days),
    input: { query: { days } },
    fallback: ADOPTION_ERROR,
  });
}
