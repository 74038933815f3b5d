/**
 * Whether payments are real (live mode) or not (test mode), and the sentences that say so on every
 * page, on the sandbox payment page, in receipts and in every e-mail while payments are in test
 * mode (docs/billing.md "Test mode"; docs/decisions/018-test-mode.md). The words follow Stripe's
 * (`livemode`). Without zod, so the web app's first chunk can use them (zod-free.test.ts).
 */

/**
 * The payment modes: `live` takes real money; `test` takes none (the built-in sandbox provider,
 * or Stripe with a test key `sk_test_…`/`rk_test_…`).
 */
export const PAYMENTS_MODES = ['live', 'test'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

/** How the banner, badges and e-mails name test mode. */
export const TEST_MODE_LABEL = 'Test mode';

/** Why, in the banner (left out on phones, to keep it one line). */
export const TEST_MODE_BANNER_WHY = 'payments are simulated and';

/** What test mode means, in the banner (shown on every screen). */
export const TEST_MODE_BANNER_POINT = 'no real money is charged.';

/** What the banner says after its label while payments are in test mode. */
export const TEST_MODE_BANNER_DETAIL = `${TEST_MODE_BANNER_WHY} ${TEST_MODE_BANNER_POINT}`;

/** The banner's words on every page while payments are in test mode (one short line). */
export const TEST_MODE_BANNER = `${TEST_MODE_LABEL}: ${TEST_MODE_BANNER_DETAIL}`;

/** The line every e-mail carries while payments are in test mode (in the shared mail layout). */
export const TEST_MODE_MAIL_NOTE =
  'Test mode: this message was sent by a shop whose payments are in test mode. No real money was charged.';

/** What a receipt of a test order says about its amount. */
export const TEST_ORDER_RECEIPT_NOTE = 'This is a test order: no real money was charged.';
