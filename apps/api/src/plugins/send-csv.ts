/**
 * Sends a CSV export as it is written: the lines of an async generator go out as a stream
 * (chunked), never collected in memory first, with the byte order mark first so spreadsheets
 * read UTF-8, as an attachment named `<name>-<YYYY-MM-DD>.csv` (the UTC day), never cached.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, CSV_MEDIA_TYPE } from '@flockr/contract';

/**
 * Streams `lines` to `reply` as the CSV file `name`-`day`.csv; resolves with the reply. The header
 * line and the first batch are read before the answer starts, so a statement that fails there
 * (input the schemas let through but the database refuses) gets the usual error answer instead of
 * a 200 cut short; a failure in a later batch can only end the stream early.
 */
export async function sendCsv(
  reply: FastifyReply,
  name: string,
  now: Date,
  lines: AsyncIterable<string>,
): Promise<FastifyReply> {
  const iterator = lines[Symbol.asyncIterator]();
  const head: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  async function* all() {
    yield CSV_BOM;
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  const day = now.toISOString().slice(0, 10);
  return reply
    .status(200)
    .header('content-type', CSV_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(all()));
}
