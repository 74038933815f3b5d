/**
 * Per-route document titles ("Plans · Flockr"), using the configured product name, and on public
 * pages the description and canonical link too, so a page reached by navigation inside the app
 * says the same as one the server rendered (lib/public-pages.ts).
 */
import { useEffect } from 'react';
import type { PublicPage } from './public-pages';
import { useSiteConfig } from './site-config';

/** Builds a title: `'Plans'` → `'Plans · Flockr'`; null → the product name alone. */
export function documentTitle(page: string | null, productName: string): string {
  return page ? `${page} · ${productName}` : productName;
}

/** Sets `document.title` for the current route while it is shown. */
export function useDocumentTitle(page: string | null): void {
  const { productName } = useSiteConfig();
  useEffect(() => {
    document.title = documentTitle(page, productName);
  }, [page, productName]);
}

/** Sets the content of the `<meta name=…>` or `<meta property=…>` tag `key` in the head. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  const tag = document.head.querySelector(`meta[${attribute}="${key}"]`);
  if (tag) tag.setAttribute('content', content);
}

/**
 * A public page's title, description and canonical URL (the server writes the same into the HTML
 * it renders; this keeps them right after navigating inside the app).
 */
export function usePageMeta(page: PublicPage, title: string = page.title): void {
  useDocumentTitle(title);
  useEffect(() => {
    setMeta('name', 'description', page.description);
    setMeta('property', 'og:description', page.description);
    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (canonical) {
      const href = new URL(page.path, canonical.getAttribute('href') ?? window.location.href);
      canonical.setAttribute('href', href.toString());
      setMeta('property', 'og:url', href.toString());
    }
  }, [page]);
}
