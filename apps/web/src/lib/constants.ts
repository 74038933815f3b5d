/**
 * Web-only constants the contract does not hold (candidates for the contract; see the report).
 */

/** Product name shown until `/site/config` answers (the server's default PRODUCT_NAME). */
export const DEFAULT_PRODUCT_NAME = 'Flockr';

/** How often the plans page polls a just-created order's status while it is PENDING, in ms. */
export const ORDER_STATUS_POLL_MS = 3_000;

/** How often the order history refetches while any order is PENDING, in ms. */
export const PENDING_ORDERS_REFETCH_MS = 5_000;

/** Orders shown per page in the order history. */
export const ORDERS_PAGE_SIZE = 20;
