/**
 * Secrets a request URL may carry, removed before the URL is logged or put on a trace span
 * (docs/observability.md, "What is never logged"): signed download tokens in a `token=` query
 * parameter (docs/downloads.md) and feed tokens in the path of an updater's feed,
 * `/updates/t/{feed token}/…` (docs/updates.md, "Feed tokens").
 */

/** `url` (path and query, as Fastify's `request.url`) with each secret replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  // Most URLs carry neither (every access-log line passes here): skip the two replaces.
  if (!url.includes('token=') && !url.includes('/updates/t/')) return url;
  return url
    .replace(/([?&]token=)[^&#]*/g, '$1[REDACTED]')
    .replace(/(\/updates\/t\/)[^/?#]+/g, '$1[REDACTED]');
}
