/**
 * The `Content-Disposition: attachment` value of a download (RFC 6266 §4, RFC 8187 for names
 * beyond ASCII), made by the `content-disposition` package that @fastify/static's
 * `reply.download` uses, so a file answered through nginx (docs/downloads.md) names itself
 * exactly like one streamed from here.
 */
import { create } from 'content-disposition';

/**
 * `attachment; filename=…` for `filename` (a name, not a path): a bare token, else quoted, plus
 * `filename*=UTF-8''…` with `?` fallbacks when the name goes beyond ASCII. Pure; never throws.
 */
export function attachmentDisposition(filename: string): string {
  return create(filename);
}
