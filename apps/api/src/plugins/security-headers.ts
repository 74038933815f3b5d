/**
 * Security headers on every answer (OWASP Secure Headers; MDN CSP), computed by `helmet`.
 *
 * None of our directives depends on the request (no nonces), so helmet's answer is the same every
 * time: it runs once at start against a recording response, and each request gets the recorded
 * headers in one `reply.headers()` call. (@fastify/helmet builds a new helmet middleware for
 * every request, which cost more than the rest of a cached answer; bench/throughput.mjs.)
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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

/** Adds the security headers to every answer of `app` (API, files and the web app alike). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
