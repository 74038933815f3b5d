/**
 * The test-mode banner (docs/billing.md "Test mode") at the top of every page — public, buyer and
 * admin — while payments take no real money (site configuration `payments_mode: 'test'`: the
 * sandbox provider, or Stripe with a test key). Its content is part of the first chunk, not loaded
 * on demand: it is one line, and a banner that waited for its own code would push the page down
 * when it arrived, wherever React renders a page afresh (a signed-in visitor's reload, say) instead
 * of keeping the server's HTML.
 */
import { useSiteConfig } from '../../lib/site-config';
import { TestModeNotice } from './test-mode-notice';

/** The banner while the site configuration says payments are in test mode, else nothing. */
export function TestModeBanner() {
  const { config } = useSiteConfig();
  return config?.payments_mode === 'test' ? <TestModeNotice /> : null;
}
