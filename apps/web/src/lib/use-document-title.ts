/** Per-route document titles ("Plans · Flockr"), using the configured product name. */
import { useEffect } from 'react';
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
