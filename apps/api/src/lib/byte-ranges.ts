/**
 * Multi-range answers (RFC 9110 §14.6 and §15.3.7.2, `multipart/byteranges`) for files on disk.
 * electron-updater's differential download asks for many ranges of the new file in one request;
 * @fastify/send answers a single range only, so a request with several is answered here. The
 * header is parsed by `range-parser` (the parser `send` uses); overlapping ranges are combined.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import parseRange from 'range-parser';

/** At most this many ranges in one request (more is refused as unsatisfiable: a 416). */
export const MAX_RANGES = 200;

/** One range of bytes, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The ranges of a `Range` header for a file of `size` bytes: null when the header is absent,
 * malformed or names a single range (let the file server answer), `'unsatisfiable'` when none
 * fits or there are more than MAX_RANGES, else two or more ranges in the order asked, overlaps
 * combined. Pure.
 */
export function multipleRanges(
  header: string | undefined,
  size: number,
): ByteRange[] | 'unsatisfiable' | null {
  if (!header) return null;
  const parsed = parseRange(size, header, { combine: true });
  if (parsed === -2) return null;
  if (parsed === -1) return header.includes(',') ? 'unsatisfiable' : null;
  if (parsed.type !== 'bytes' || parsed.length < 2) return null;
  if (parsed.length > MAX_RANGES) return 'unsatisfiable';
  return parsed.map(({ start, end }) => ({ start, end }));
}

/** A `multipart/byteranges` body of `ranges` of the file at `absolutePath`, with its length. */
export function byteRangesBody(
  absolutePath: string,
  size: number,
  contentType: string,
  ranges: ByteRange[],
): { contentType: string; length: number; body: Readable } {
  const boundary = randomBytes(12).toString('hex');
  const heads = ranges.map(
    (r, i) =>
      `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${contentType}\r\n` +
      `Content-Range: bytes ${r.start}-${r.end}/${size}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  const length =
    heads.reduce((n, h) => n + Buffer.byteLength(h), 0) +
    ranges.reduce((n, r) => n + (r.end - r.start + 1), 0) +
    Buffer.byteLength(tail);
  async function* parts() {
    for (const [i, r] of ranges.entries()) {
      yield Buffer.from(heads[i]!);
      for await (const chunk of createReadStream(absolutePath, { start: r.start, end: r.end }))
        yield chunk as Buffer;
    }
    yield Buffer.from(tail);
  }
  return {
    contentType: `multipart/byteranges; boundary=${boundary}`,
    length,
    body: Readable.from(parts(), { objectMode: false }),
  };
}
