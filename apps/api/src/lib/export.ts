/** CSV exports read in keyset batches (db/list-order.ts) and written as they are read. */
import { csvLine, type CsvValue } from '@flockr/contract';

/**
 * Rows a CSV export reads per batch (keyset batches: db/list-order.ts). Large enough that a
 * million-row export is a few hundred queries, small enough that a batch's rows and their CSV
 * stay a few megabytes in memory.
 */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * The text of a CSV export: the `header` line, then one chunk of lines per keyset batch. `batch`
 * reads up to `limit` rows after the row whose id is `afterId` (from the start when undefined);
 * `idOf` names a row's id; `cells` turns a batch into one row of values per line. Stops after a
 * short batch.
 */
export async function* csvBatches<R>(
  header: readonly CsvValue[],
  batch: (afterId: string | undefined, limit: number) => Promise<R[]>,
  idOf: (row: R) => string,
  cells: (
    rows: R[],
  ) => readonly (readonly CsvValue[])[] | Promise<readonly (readonly CsvValue[])[]>,
): AsyncGenerator<string> {
  yield csvLine(header);
  let afterId: string | undefined;
  for (;;) {
    const rows = await batch(afterId, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield (await cells(rows)).map(csvLine).join('');
    if (rows.length < EXPORT_BATCH_SIZE) return;
    afterId = idOf(rows.at(-1)!);
  }
}
