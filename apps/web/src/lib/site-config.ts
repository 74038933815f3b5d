/** Site configuration (`GET /site/config`): product name, support e-mail, legal jurisdiction. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@flockr/contract';
import { call } from './api-client';
import { DEFAULT_PRODUCT_NAME } from './constants';
import { queryKeys } from './query-keys';

/**
 * Query options for the site configuration; it does not change while the page is open. The server
 * prefetches it for every page it renders (entry-server).
 */
export const siteConfigQueryOptions = queryOptions({
  queryKey: queryKeys.siteConfig,
  queryFn: ({ signal }) =>
    call('GET /site/config', {}, { signal, fallback: 'Failed to load site configuration' }),
  staleTime: Infinity,
});

/**
 * Returns `config` (undefined until loaded) and `productName`, which falls back to the default
 * product name so headers and titles never show an empty name.
 */
export function useSiteConfig(): { config: SiteConfig | undefined; productName: string } {
  const { data } = useQuery(siteConfigQueryOptions);
  return { config: data, productName: data?.product_name || DEFAULT_PRODUCT_NAME };
}
