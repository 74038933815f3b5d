/** Sanitising of the `redirect` query parameter (requirements §2: login and register). */

/**
 * Returns `raw` when it is a same-site path (starts with `/`, not `//` or `/\`, no control
 * characters), else `fallback`. Protects against open redirects such as `//evil.com`.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  if (!raw.startsWith('/')) return fallback;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // Browsers drop tabs and newlines in URLs, so `/\t/evil.com` would become `//evil.com`.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  return raw;
}

/**
 * Builds `/login?redirect=<path>` (or `/register?…`) for a same-site `path`, e.g.
 * `/register?redirect=/plans`. Slashes stay readable (allowed in a query); `?`, `&`, `#` and
 * the like are percent-encoded.
 */
export function withRedirect(page: '/login' | '/register', path: string): string {
  return `${page}?redirect=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}
