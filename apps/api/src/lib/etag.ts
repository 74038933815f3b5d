/** Strong entity tags (RFC 9110 §8.8.3) of texts kept in memory. */
import { createHash } from 'node:crypto';

/** A strong ETag of `text`: 27 base64url characters of its SHA-256, quoted. */
export function strongEtag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}
