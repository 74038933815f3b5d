/**
 * Caching of API answers. Every API answer is `Cache-Control: no-store` unless its route says it
 * is part of the public catalog (plans, changelog, site configuration): an answer that depends on
 * who asks must never be kept by a shared proxy or the browser's back/forward cache (RFC 9111
 * §5.2.2.5; OWASP ASVS V8.2.1). An endpoint opts in with `cache: 'public'` in the route table
 * (plugins/route.ts passes it on as the route's `config.cache`); its successful
 * answers are then `public, no-cache` (stored, but revalidated on every use, so an admin's edit
 * shows at once) with `Vary: Authorization`, so a cache never hands one caller's answer to
 * another even if a catalog answer were ever to depend on the caller.
 */
import type { onSendHookHandler } from 'fastify';
import { addVary } from './send-answer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': a catalog answer the same for everyone, which shared caches may store. */
    cache?: 'public';
  }
}

/**
 * Cache-Control every API answer starts with (set with the other answer headers before the
 * route runs, plugins/answer-headers.ts); a route that knows better sets its own.
 */
export const API_CACHE_CONTROL = 'no-store';

/** Cache-Control of a public catalog route's successful answer: stored, revalidated every use. */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** What a public catalog route's successful answer varies on, besides its encoding. */
export const PUBLIC_VARY = 'Authorization';

/**
 * The onSend hook of a `cache: 'public'` route (plugins/route.ts adds it to those routes only):
 * a 2xx or 304 answer still carrying the default becomes {@link PUBLIC_CACHE_CONTROL} with
 * `Vary: Authorization`; an error stays `no-store`.
 */
export const publicCacheOnSend: onSendHookHandler = (_request, reply, payload, done) => {
  if (
    (reply.statusCode < 300 || reply.statusCode === 304) &&
    reply.getHeader('cache-control') === API_CACHE_CONTROL
  ) {
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    addVary(reply, PUBLIC_VARY);
  }
  done(null, payload);
};
