/**
 * Compressed copies of texts kept in memory (the plan catalogue, changelog pages, site
 * configuration and rendered pages): each is compressed once per encoding, on first request, off
 * the event loop (zlib's thread pool), and kept as long as the text it belongs to.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The content codings we send (RFC 9110 §8.4.1), best first. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** Texts shorter than this (bytes) are sent as they are: compressing them saves nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const copies = new WeakMap<object, Map<ContentCoding, Promise<Buffer>>>();

/**
 * `text` compressed with `coding`, made once per `owner` (the object `text` belongs to and lives
 * as long as): brotli at quality 11 with the text-mode hint, gzip at level 9.
 */
export function compressedOnce(
  owner: object,
  text: string,
  coding: ContentCoding,
): Promise<Buffer> {
  let byCoding = copies.get(owner);
  if (!byCoding) {
    byCoding = new Map();
    copies.set(owner, byCoding);
  }
  let copy = byCoding.get(coding);
  if (!copy) {
    const input = Buffer.from(text);
    copy =
      coding === 'br'
        ? brotli(input, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
            },
          })
        : gzip(input, { level: 9 });
    byCoding.set(coding, copy);
  }
  return copy;
}
