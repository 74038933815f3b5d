/**
 * Server entry (docs/web-performance.md): renders a public page (lib/public-pages.ts) to HTML with
 * its data, the way the browser would show it to a signed-out visitor, so the page paints its
 * real content before any script runs and nothing moves when the scripts arrive. Built by
 * `vite build --ssr` into `dist-server/`; the API server imports it (apps/api/src/plugins/web-app)
 * and calls {@link renderPage} with its own handlers as the transport of every API call.
 */
import type { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './app/router';
import { changelogQueryOptions } from './features/changelog/api/changelog';
import { plansQueryOptions } from './features/plans/api/plans';
import { AppQueryClient, createQueryClient } from './lib/query-client';
import { PUBLIC_PAGES, publicPageAt, type PublicPage } from './lib/public-pages';
import { queryKeys } from './lib/query-keys';
import { SERVER_STATE_ID, serializeServerState } from './lib/server-state';
import { siteConfigQueryOptions } from './lib/site-config';
import { documentTitle } from './lib/use-document-title';
import { ServerViewport } from './lib/use-media-query';

export { PUBLIC_PAGES, publicPageAt } from './lib/public-pages';
export { setApiTransport } from './lib/api-client';

/** The source module of each public page's route, to find its chunks in Vite's manifest. */
export const PAGE_MODULES: Record<string, string> = {
  [PUBLIC_PAGES.home.path]: 'src/app/routes/landing.tsx',
  [PUBLIC_PAGES.plans.path]: 'src/app/routes/plans.tsx',
  [PUBLIC_PAGES.changelog.path]: 'src/app/routes/changelog.tsx',
  [PUBLIC_PAGES.support.path]: 'src/app/routes/support.tsx',
  [PUBLIC_PAGES.login.path]: 'src/app/routes/login.tsx',
  [PUBLIC_PAGES.register.path]: 'src/app/routes/register.tsx',
  [PUBLIC_PAGES.privacy.path]: 'src/app/routes/privacy.tsx',
  [PUBLIC_PAGES.terms.path]: 'src/app/routes/terms.tsx',
};

/** The data each public page shows on its first render, beyond the site configuration. */
const PAGE_DATA: Record<string, (client: QueryClient) => Promise<unknown>> = {
  [PUBLIC_PAGES.plans.path]: (client) => client.fetchQuery(plansQueryOptions),
  [PUBLIC_PAGES.changelog.path]: (client) => client.fetchInfiniteQuery(changelogQueryOptions),
};

/** What the caller knows of the request and the site. */
export interface RenderInput {
  /** The requested URL (path and query; the origin is ignored). */
  url: URL;
  /** The site's public origin (`PUBLIC_URL`), for the canonical link and Open Graph tags. */
  publicUrl: string;
  /** Whether the request comes from a phone (User-Agent or `Sec-CH-UA-Mobile`). */
  phone: boolean;
}

/** A rendered page: the markup for `<div id="root">`, the tags for `<head>`, the state script. */
export interface RenderedPage {
  /** The body of `#root`. */
  app: string;
  /** Title, description, canonical link and Open Graph tags. */
  head: string;
  /** The `<script type="application/json">` element with the page's data. */
  state: string;
}

/** Escapes text for an HTML attribute value or element content. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The head tags of `page`: title, description, canonical URL, Open Graph and Twitter card. */
function headTags(page: PublicPage, productName: string, publicUrl: string): string {
  const title = escapeHtml(documentTitle(page.title, productName));
  const description = escapeHtml(page.description);
  const url = escapeHtml(new URL(page.path, publicUrl).toString());
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(productName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}

/** Reads a Node stream to the end as UTF-8 text. */
async function streamText(stream: PassThrough | NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * Renders the public page at `input.url` for a signed-out visitor, once its data and every lazy
 * part have loaded. Resolves with null when the URL is not a public page.
 * @throws when the page's data cannot be loaded (the caller then serves the page unrendered).
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage | null> {
  const page = publicPageAt(input.url.pathname);
  if (!page) return null;
  const client = createQueryClient();
  client.setQueryData(queryKeys.session, null);
  const [site] = await Promise.all([
    client.fetchQuery(siteConfigQueryOptions),
    PAGE_DATA[page.path]?.(client),
  ]);
  const { prelude } = await prerenderToNodeStream(
    <AppQueryClient value={client}>
      <ServerViewport value={{ phone: input.phone }}>
        <StaticRouter location={input.url.pathname + input.url.search}>
          <AppRoutes />
        </StaticRouter>
      </ServerViewport>
    </AppQueryClient>,
    // One chunk: React would otherwise move large Suspense boundaries out into inline scripts,
    // which the Content-Security-Policy (script-src 'self') does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const app = await streamText(prelude);
  const state = serializeServerState({ queries: dehydrate(client), phone: input.phone });
  client.clear();
  return {
    app,
    head: headTags(page, site.product_name, input.publicUrl),
    state: `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
  };
}
