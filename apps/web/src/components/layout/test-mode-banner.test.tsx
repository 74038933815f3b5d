import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { API, TEST_MODE_BANNER } from '@flockr/contract';
import { SiteLayout } from '../../app/site-layout';
import { AdminShellOrSite } from '../../app/admin-layout';
import { makeAdmin } from '../../features/admin/test/fixtures';
import { mockEndpoint } from '../../test/api';
import { siteConfig } from '../../test/fixtures';
import { renderRoute, signIn } from '../../test/render';

/** A page inside `layout` on a site whose payments run in `mode`. */
function renderIn(layout: React.ReactElement, mode: 'test' | 'live', path = '/') {
  mockEndpoint(API.site.config, { ...siteConfig, payments_mode: mode });
  return renderRoute(<p>page</p>, { path, layout });
}

describe('the test-mode banner', () => {
  it('tops every site page while payments are in test mode, as a status, above the header', async () => {
    renderIn(<SiteLayout />, 'test');
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(TEST_MODE_BANNER);
    // In the page's flow, first after the skip link: it covers nothing.
    expect(banner.compareDocumentPosition(screen.getByRole('banner'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(banner.className).not.toMatch(/\b(fixed|absolute|sticky)\b/);
  });

  it('is not there on a live site', async () => {
    renderIn(<SiteLayout />, 'live');
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(screen.queryByText(TEST_MODE_BANNER)).not.toBeInTheDocument();
  });

  it('tops the admin shell too', async () => {
    const admin = makeAdmin();
    signIn(admin);
    mockEndpoint(API.auth.me, { user: admin });
    renderIn(<AdminShellOrSite />, 'test', '/admin');
    const banner = (await screen.findByText(/payments are simulated/)).closest('[role="status"]');
    expect(banner).toHaveTextContent(TEST_MODE_BANNER);
    expect(screen.getByRole('link', { name: 'View site' })).toBeInTheDocument();
  });
});
