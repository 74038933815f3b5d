/**
 * File sizes as people read them. Apart from money.ts so that the plan prices of a public page's
 * first chunk do not bring pretty-bytes along.
 */
import prettyBytes from 'pretty-bytes';

/**
 * Human-readable byte size with 1 KB = 1024 bytes, e.g. 1536 → '1.5 KB', 0 → '0 B'.
 */
export function formatFileSize(bytes: number): string {
  return prettyBytes(bytes, { binary: true, maximumFractionDigits: 1 }).replace('iB', 'B');
}
