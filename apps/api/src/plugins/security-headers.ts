/**
 * Security headers on every answer (OWASP Secure Headers; MDN CSP), computed by `helmet`: the
 * full set on the web app's pages and files, and the short set the OWASP REST Security Cheat
 * Sheet ("Security Headers") gives for API answers on `/api/*`, which no browser renders: a CSP
 * that allows nothing and no framing, nosniff and Cross-Origin-Resource-Policy (the page-only
 * headers would be a third of a small JSON answer's bytes; bench/throughput.mjs). API answers
 * carry no X-Frame-Options: their CSP's `frame-ancestors 'none'` forbids framing, and a browser
 * that knows `frame-ancestors` ignores X-Frame-Options (CSP Level 3, "frame-ancestors"); pages
 * keep it for browsers that know only X-Frame-Options.
 *
 * Strict-Transport-Security goes only on answers to requests that came over TLS, on pages and
 * API answers alike: RFC 6797 §7.2 forbids it over plain HTTP (a browser ignores it there,
 * §8.1). Behind a TLS-terminating proxy the app knows the request came over TLS from the
 * proxy's `X-Forwarded-Proto: https`, believed only from a trusted proxy (config `trustProxy`,
 * as Fastify's `request.protocol` has it): {@link tlsRequestCheck}, applied by the answer headers'
 * hook (answer-headers.ts).
 *
 * None of our directives depends on the request (no nonces), so helmet's answer is the same every
 * time: it runs once at start against a recording response, and each request gets the recorded
 * headers in one `reply.headers()` call (plugins/answer-headers.ts). (@fastify/helmet builds a
 * new helmet middleware for every request, which cost more than the rest of a cached answer;
 * bench/throughput.mjs.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import helmet, { type HelmetOptions } from 'helmet';
import { trustedPeer } from './trusted-peer.js';

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
  // Over TLS only: STRICT_TRANSPORT_SECURITY.
  strictTransportSecurity: false,
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
  // The CSP's frame-ancestors governs framing.
  xFrameOptions: false,
  // Over TLS only: STRICT_TRANSPORT_SECURITY.
  strictTransportSecurity: false,
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

/** The name of the HSTS header, as the answers carry it (lower case, as the others). */
export const HSTS_HEADER = 'strict-transport-security';

/**
 * helmet's default Strict-Transport-Security value (one year, subdomains included), for answers
 * to requests that came over TLS ({@link tlsRequestCheck}; RFC 6797 §6.1).
 */
export const STRICT_TRANSPORT_SECURITY: string = securityHeaders({})[HSTS_HEADER]!;

/**
 * Whether a request came over TLS, for `trustProxy` as config.ts has it: from a trusted proxy
 * that sent `X-Forwarded-Proto`, whether its last value (a chain of proxies appends theirs) is
 * `https`; otherwise whether the socket is a TLS one. The rule of Fastify's `request.protocol`,
 * on the bare Node request.
 */
export function tlsRequestCheck(trustProxy: boolean | string): (req: IncomingMessage) => boolean {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const proto = req.headers['x-forwarded-proto'];
    if (typeof proto === 'string' && proto !== '' && trusted(req)) {
      return proto.slice(proto.lastIndexOf(',') + 1).trim() === 'https';
    }
    return (req.socket as Partial<TLSSocket> | null)?.encrypted === true;
  };
}
