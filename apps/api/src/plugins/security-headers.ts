/**
 * Security headers on every answer (OWASP Secure Headers; MDN CSP), computed by `helmet`: the
 * full set on the web app's pages and files, and the short set the OWASP REST Security Cheat
 * Sheet ("Security Headers") gives for API answers on `/api/*`, which no browser renders: a CSP
 * that allows nothing and no framing, X-Frame-Options DENY, nosniff, HSTS and
 * Cross-Origin-Resource-Policy (the page-only headers would be a third of a small JSON answer's
 * bytes; bench/throughput.mjs).
 *
 * None of our directives depends on the request (no nonces), so helmet's answer is the same every
 * time: it runs once at start against a recording response, and each request gets the recorded
 * headers in one `reply.headers()` call (plugins/answer-headers.ts). (@fastify/helmet builds a
 * new helmet middleware for every request, which cost more than the rest of a cached answer;
 * bench/throughput.mjs.)
 */
import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The policy: same-origin everything, inline styles for Radix/Tailwind, no framing. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The policy of API answers (JSON, CSV and files): nothing may load, frame or sniff them. */
export const API_HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets for `options`, as a name → value map (names lower-case).
 * @throws when helmet refuses the options (at start, never per request).
 */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = [value].flat().join(', ');
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}
