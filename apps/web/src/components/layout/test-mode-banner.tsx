/**
 * The test-mode banner (docs/billing.md "Test mode") at the top of every page — public, buyer and
 * admin — while payments take no real money (site configuration `payments_mode: 'test'`: the
 * sandbox provider, or Stripe with a test key). Its content (test-mode-notice.tsx) loads only
 * then, so a live site's pages carry no more than this check (ADR 012). The server renders public
 * pages once every lazy part has loaded, with the configuration it prefetches, so the banner is in
 * their HTML without JavaScript, and hydration keeps it in place while its chunk arrives: nothing
 * moves.
 */
import { lazy, Suspense } from 'react';
import { useSiteConfig } from '../../lib/site-config';

/** The banner's content, loaded when payments are in test mode. */
const TestModeNotice = lazy(() =>
  import('./test-mode-notice').then((m) => ({ default: m.TestModeNotice })),
);

/** The banner while the site configuration says payments are in test mode, else nothing. */
export function TestModeBanner() {
  const { config } = useSiteConfig();
  if (config?.payments_mode !== 'test') return null;
  return (
    <Suspense fallback={null}>
      <TestModeNotice />
    </Suspense>
  );
}
