/**
 * Sends a CSV export as it is written: the lines of an async generator go out as a stream
 * (chunked), never collected in memory first, with the byte order mark first so spreadsheets
 * read UTF-8, as an attachment named `<name>-<YYYY-MM-DD>.csv` (the UTC day), never cached.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, CSV_MEDIA_TYPE } from '@flockr/contract';

/** Streams `lines` to `reply` as the CSV file `name`-`day`.csv; returns the reply. */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  now: Date,
  lines: AsyncIterable<string>,
): FastifyReply {
  async function* withBom() {
    yield CSV_BOM;
    yield* lines;
  }
  const day = now.toISOString().slice(0, 10);
  return reply
    .status(200)
    .header('content-type', CSV_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(withBom()));
}
