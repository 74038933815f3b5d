/**
 * The route table with every endpoint's schemas (and zod with them), loaded by the API client on
 * its first call (api-client.ts `loadRouteTable`), never statically: no page's first chunk holds
 * it, and a server-rendered page needs it only once it calls the API itself.
 */
import './zod-config';

export { endpointAt } from '@flockr/contract';
