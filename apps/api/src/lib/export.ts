/**
 * Rows a CSV export reads per batch (keyset batches: db/list-order.ts). Large enough that a
 * million-row export is a few hundred queries, small enough that a batch's rows and their CSV
 * stay a few megabytes in memory.
 */
export const EXPORT_BATCH_SIZE = 2000;
