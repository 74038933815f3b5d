/**
 * The test-mode banner's content (docs/billing.md "Test mode"): one slim line, in the page's flow
 * (never over content), announced once as a status, dark amber on light amber (contrast above
 * 10:1). Shown by test-mode-banner.tsx while payments are in test mode, and always on
 * the sandbox's payment page (the sandbox never takes money).
 */
import { TEST_MODE_BANNER_POINT, TEST_MODE_BANNER_WHY, TEST_MODE_LABEL } from '@flockr/contract';

/**
 * The banner's words and look: "Test mode: payments are simulated and no real money is
 * charged.", on phones "Test mode: no real money is charged." (one line at 320 px).
 */
export function TestModeNotice() {
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-xs leading-5 text-amber-950 sm:text-sm"
    >
      <strong className="font-semibold">{TEST_MODE_LABEL}:</strong>{' '}
      {/* On phones the "why" is left out (CSS only, so the server's HTML is the same): one line. */}
      <span className="max-sm:hidden">{TEST_MODE_BANNER_WHY} </span>
      {TEST_MODE_BANNER_POINT}
    </div>
  );
}
