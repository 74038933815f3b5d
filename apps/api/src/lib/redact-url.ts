/**
 * Secrets a request URL may carry, removed before the URL is logged or put on a trace span
 * (docs/observability.md, "What is never logged"): signed download tokens in a `token=` query
 * parameter (docs/downloads.md) and feed tokens in the path of an updater's feed,
 * `/updates/t/{feed token}/…` (docs/updates.md, "Feed tokens").
 */

/** The secrets of {@link redactUrl}: a `token=` query value, or a feed token path segment. */
const SECRETS = /([?&]token=)[^&#]*|(\/updates\/t\/)[^/?#]+/g;

/**
 * `url` (path and query, as Fastify's `request.url`) with each secret replaced by `[REDACTED]`.
 * One scan: every access-log line passes here, and most URLs carry no secret.
 */
export function redactUrl(url: string): string {
  return url.replace(
    SECRETS,
    (_secret, query: string | undefined, feed: string | undefined) => `${query ?? feed}[REDACTED]`,
  );
}
