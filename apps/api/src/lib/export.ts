/** Rows a CSV export reads per batch (keyset batches: db/list-order.ts). */
export const EXPORT_BATCH_SIZE = 500;
