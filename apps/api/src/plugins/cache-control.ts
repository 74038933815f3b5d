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
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': a catalog answer the same for everyone, which shared caches may store. */
    cache?: 'public';
  }
}

/** Installs the onSend hook that sets Cache-Control on every API answer that has none. */
export function registerCacheControl(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer and has nothing to wait for.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isApiPath(request.url)) {
      const isPublic = request.routeOptions.config?.cache === 'public';
      if (isPublic && (reply.statusCode < 300 || reply.statusCode === 304)) {
        reply.header('cache-control', 'public, no-cache');
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
      } else {
        reply.header('cache-control', 'no-store');
      }
    }
    done(null, payload);
  });
}
