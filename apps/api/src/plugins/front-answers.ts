/**
 * The front lane (docs/architecture.md "Speed at scale", "The front lane"): answers kept in
 * memory (the plan catalogue, the first changelog page, the site configuration, `/health`, and a
 * signed-in caller's `/auth/me` while the session cache vouches for the caller) are sent straight
 * from Node's `request` event, before Fastify routes the request, when nothing about the request
 * needs a route: a plain `GET` of the route's exact path, no query string, the text (and, for a
 * client that accepts one, its compressed copy) already made. Anything else, and any request
 * while the instance is closing, goes to Fastify, whose route sends the same answer the long way
 * and makes what was missing for the next request. With OpenTelemetry traces configured the lane
 * is not started: each request then gets its span from Fastify's instrumentation.
 *
 * What the route would have sent, the lane sends: the API's answer headers (answer-headers.ts:
 * security headers, HSTS by the same rule, `X-Request-Id` from the same generator), the route's
 * Cache-Control and Vary (cache-control.ts), the strong ETag with 304 on a match and the
 * compressed copy the client accepts (send-answer.ts `keptTextChoice`, lib/compressed.ts). It
 * counts the request in the same duration histogram under the same route label (metrics.ts) and
 * writes the access-log lines Fastify writes for a request, at the levels of the same rule
 * (access-log.ts `accessLevel`: a read answered well and fast is a `debug` line unless
 * `ACCESS_LOG=all`). front-answers.test.ts compares the two ways answer by answer over real HTTP.
 *
 * Why: Fastify's routing, hooks and reply cost about as much CPU again as the bare socket work
 * of a small answer (docs/benchmarks.md "Throughput"); for the answers every page view and load
 * balancer asks for, that work decides nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { compressedReady } from '../lib/compressed.js';
import { requestIds } from '../lib/request-context.js';
import {
  INCOMING_REQUEST,
  REQUEST_COMPLETED,
  accessLevel,
  type AccessLogMode,
} from './access-log.js';
import { API_ANSWER_HEADERS } from './answer-headers.js';
import { API_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, PUBLIC_VARY } from './cache-control.js';
import type { RequestObserver } from './metrics.js';
import type { Readiness } from './readiness.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { HSTS_HEADER, STRICT_TRANSPORT_SECURITY } from './security-headers.js';
import { keptTextChoice } from './send-answer.js';

/**
 * A text the lane may send: the JSON body and, for a text that changes, its strong ETag. The
 * object is also the owner of its compressed copies (lib/compressed.ts), as in send-answer.ts.
 */
export interface FrontText {
  body: string;
  etag?: string;
}

/** One route's answer in the lane. */
export interface FrontRoute {
  /** The exact request target served, prefix included (Fastify's `routeOptions.url`). */
  path: string;
  /** Whether the route is a `cache: 'public'` catalog route (cache-control.ts). */
  publicCache: boolean;
  /**
   * The text to send now for `request`, or undefined when it is not in memory yet (the route
   * loads it) or, on a guarded route, when the caller is not known to pass the guard.
   */
  text: (request: IncomingMessage) => FrontText | undefined;
}

/** What the lane needs from the app once it is built. */
export interface FrontLaneDeps {
  /** The app's logger (the lane writes Fastify's request lines, as access-log.ts does). */
  log: FastifyBaseLogger;
  /** Config ACCESS_LOG: whether every answer's line goes at `info` (access-log.ts). */
  accessLog: AccessLogMode;
  /** Fastify's `genReqId` (request-id.ts), so both ways make ids alike. */
  requestId: (request: IncomingMessage) => string;
  /** Whether the request came over TLS (security-headers.ts `tlsRequestCheck`): HSTS goes out. */
  overTls: (request: IncomingMessage) => boolean;
  /** Counts one answer in the request duration histogram (metrics.ts). */
  observe: RequestObserver;
  /** Aborted when the app starts closing (context.ts `stopping`): the lane steps aside. */
  closing: AbortSignal;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether `log` writes lines of `level` (pino's isLevelEnabled; Fastify's no-op logger has none). */
function levelEnabled(log: FastifyBaseLogger, level: 'debug' | 'info'): boolean {
  const { isLevelEnabled } = log as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
  return typeof isLevelEnabled === 'function' && isLevelEnabled.call(log, level);
}

/**
 * A route of the lane with the headers every answer of it starts with, as flat
 * `[name, value, …]` lists (Node's `writeHead` takes one): the security headers, Cache-Control
 * and Vary, made once when the route is added. `compressible`: for a text the client could get
 * compressed, whose answer varies with Accept-Encoding (send-answer.ts).
 */
interface LaneRoute {
  route: FrontRoute;
  plain: readonly string[];
  compressible: readonly string[];
}

/** The fixed headers of `route`'s answers ({@link LaneRoute}). */
function fixedHeaders(route: FrontRoute, compressible: boolean): string[] {
  const headers: Record<string, string> = {
    ...API_ANSWER_HEADERS,
    'cache-control': route.publicCache ? PUBLIC_CACHE_CONTROL : API_CACHE_CONTROL,
  };
  const vary = [compressible && 'Accept-Encoding', route.publicCache && PUBLIC_VARY]
    .filter(Boolean)
    .join(', ');
  if (vary) headers.vary = vary;
  return Object.entries(headers).flat();
}

/** The routes of the lane and, once {@link start}ed, the app's parts it answers with. */
export class FrontAnswers {
  private readonly routes = new Map<string, LaneRoute>();
  private deps: FrontLaneDeps | undefined;

  /** Adds `route`; a path added twice is a programming error. */
  add(route: FrontRoute): void {
    if (this.routes.has(route.path)) throw new Error(`front lane: ${route.path} added twice`);
    this.routes.set(route.path, {
      route,
      plain: fixedHeaders(route, false),
      compressible: fixedHeaders(route, true),
    });
  }

  /** Paths served, for tests and the docs. */
  paths(): string[] {
    return [...this.routes.keys()];
  }

  /** Starts answering (before this, every request goes to Fastify). */
  start(deps: FrontLaneDeps): void {
    this.deps = deps;
  }

  /**
   * Answers `request` on `response` and returns true, or returns false having written nothing
   * (Fastify is to answer it).
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const deps = this.deps;
    if (!deps || request.method !== 'GET' || deps.closing.aborted) return false;
    const lane = this.routes.get(request.url ?? '');
    const text = lane?.route.text(request);
    if (!lane || !text) return false;
    const started = performance.now();

    const { compressible, notModified, coding } = keptTextChoice(
      request.headers,
      text.body,
      text.etag,
    );
    const payload = coding ? compressedReady(text, coding) : text.body;
    if (payload === undefined) return false;

    const id = deps.requestId(request);
    const headers = [...(compressible ? lane.compressible : lane.plain), REQUEST_ID_HEADER, id];
    if (deps.overTls(request)) headers.push(HSTS_HEADER, STRICT_TRANSPORT_SECURITY);
    if (text.etag !== undefined) headers.push('etag', text.etag);

    // The lines access-log.ts makes Fastify write, with the same request id.
    const incoming = levelEnabled(deps.log, 'debug');
    if (incoming) {
      requestIds.enterWith(id);
      deps.log.debug({ req: { id, method: request.method, url: request.url } }, INCOMING_REQUEST);
    }
    let status = 200;
    if (notModified) {
      status = 304;
      response.writeHead(status, headers);
      response.end();
    } else {
      headers.push('content-type', JSON_TYPE);
      if (coding) headers.push('content-encoding', coding);
      headers.push('content-length', String(Buffer.byteLength(payload)));
      response.writeHead(status, headers);
      response.end(payload);
    }
    const elapsedMs = performance.now() - started;
    deps.observe('GET', lane.route.path, status, elapsedMs / 1000);
    const level = accessLevel(deps.accessLog, 'GET', status, elapsedMs);
    if (levelEnabled(deps.log, level)) {
      if (!incoming) requestIds.enterWith(id);
      deps.log[level](
        {
          req: { id, method: request.method, url: request.url },
          res: { statusCode: status },
          responseTime: elapsedMs,
        },
        REQUEST_COMPLETED,
      );
    }
    return true;
  }
}

/**
 * Fastify's `serverFactory`: Node's HTTP server with the timeouts Fastify would give its own,
 * handing each request to `front` first and to Fastify when the lane does not answer it.
 *
 * From the moment `readiness` drains (server.ts on SIGTERM; docs/operations.md "The SIGTERM
 * sequence"), every answer, by the lane or by Fastify, carries `Connection: close` (RFC 9112
 * §9.6): Node closes the connection once that answer is sent, and the client opens a new one for
 * its next request instead of reusing this one. So when the grace period ends and Fastify's
 * `close()` closes the idle connections, no client is still sending on one of them: a keep-alive
 * connection is never cut under a request it just sent (the reset a client would see).
 */
export function frontServerFactory(
  front: FrontAnswers,
  readiness: Pick<Readiness, 'draining'>,
): FastifyServerFactory<Server> {
  return (handler, options) => {
    const server = createServer((request, response) => {
      // Node merges it with the headers either lane passes to writeHead, and ends the
      // connection after the answer.
      if (readiness.draining) response.setHeader('connection', 'close');
      if (!front.handle(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = Number(options.keepAliveTimeout);
    server.requestTimeout = Number(options.requestTimeout);
    server.setTimeout(Number(options.connectionTimeout));
    if (Number(options.maxRequestsPerSocket) > 0) {
      server.maxRequestsPerSocket = Number(options.maxRequestsPerSocket);
    }
    return server;
  };
}
