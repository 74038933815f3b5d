/**
 * Test data (docs/billing.md "Test mode"): what test orders left, kept out of every figure
 * (`GET /admin/test-data`), and clearing it in one go (`DELETE /admin/test-data`).
 */
import { call } from '../../../../lib/api-client';
import { adminKeys } from '../../kit/api/keys';
import { useAdminChange, useAdminQuery } from '../../kit/api/hooks';

/** Default error texts of the test-data calls. */
export const TEST_DATA_ERRORS = {
  fetch: 'Failed to fetch the test data',
  clear: 'Failed to clear the test data',
} as const;

/** The payments mode and the test orders, amounts, subscriptions and licenses kept apart. */
export function useTestData() {
  return useAdminQuery('GET /admin/test-data', {
    key: adminKeys.testData,
    fallback: TEST_DATA_ERRORS.fetch,
  });
}

/**
 * Removes every test order and what it alone granted; live data stays. The toast says how many
 * orders went; every admin query (figures, lists, this summary) reloads.
 */
export function useClearTestData() {
  return useAdminChange({
    mutationFn: () => call('DELETE /admin/test-data', {}, { fallback: TEST_DATA_ERRORS.clear }),
    success: ({ cleared }) =>
      `Test data cleared: ${cleared.orders} test order${cleared.orders === 1 ? '' : 's'} removed`,
  });
}
