/**
 * Registers an endpoint of the contract's route table (packages/contract/src/routes.ts) on a
 * Fastify instance. This is the only way a route is added to the API, so no route exists without
 * its contract entry; route-table.test.ts checks that every entry is registered.
 *
 * From the entry it takes the method, path, schemas (validation, serialisation and OpenAPI), the
 * access rule (a guard that runs before the body is read), the cache policy and the success
 * status. A handler receives the parsed params, query and body (and the signed-in user for
 * non-public endpoints) and returns the answer's body; it may instead send through `reply`
 * itself (files, images) and return the reply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, InputOf, SuccessOf } from '@flockr/contract';
import type { UserRow } from '../db/schema.js';
import { rerunAfterDrop } from '../lib/read-rerun.js';
import { accessGuard } from './auth.js';
import { publicCacheOnSend } from './cache-control.js';

/** What a handler gets: the parsed inputs, the user (non-public endpoints) and the request. */
type RouteInput<E extends Endpoint> = InputOf<E> & {
  request: FastifyRequest;
} & (E['access'] extends 'public' ? unknown : { user: UserRow; sessionId: string });

/**
 * What a handler of endpoint `E` returns: its success body, undefined where `E` may also answer
 * 204 No Content (sent as such), or the reply when it sent the answer itself.
 */
export type RouteAnswer<E extends Endpoint> =
  SuccessOf<E> | (204 extends keyof E['responses'] ? undefined : never) | FastifyReply;

/** A handler of endpoint `E`. */
export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
  reply: FastifyReply,
) => Promise<RouteAnswer<E>>;

/** Extra options of one route. */
export interface RouteExtras {
  /** Hooks run after the access guard and validation (rate limits). */
  preHandler?: RouteOptions['preHandler'];
  /** Hooks run on the serialised answer, errors included (signing the bytes sent). */
  onSend?: RouteOptions['onSend'];
  /**
   * `false` leaves @fastify/compress's two hooks off a route whose answers are tiny or sent by
   * plugins/send-answer.ts, which keeps one compressed copy per text and negotiates it itself.
   */
  compress?: false;
}

/** Methods whose handler runs again when its database connection broke (never writes). */
const RETRIED_METHODS = new Set(['GET', 'HEAD']);

/** The first 2xx status the endpoint declares (its success status). */
function successStatus(endpoint: Endpoint): number {
  return (
    Object.keys(endpoint.responses)
      .map(Number)
      .filter((s) => s >= 200 && s < 300)
      .sort((a, b) => a - b)[0] ?? 200
  );
}

/**
 * Response schemas for Fastify and the OpenAPI document. An answer without a JSON body (`null`
 * in the table) is documented as empty (204, or a redirect's 3xx) or as the bytes of `produces`;
 * Fastify never serialises those (a Buffer or stream is sent as it is).
 */
function responseSchemas(endpoint: Endpoint): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const redirect = Number(status) >= 300 && Number(status) < 400 && Number(status) !== 304;
    out[Number(status)] =
      schema ??
      (redirect
        ? z.null().describe('A redirect: the Location header names where to go')
        : endpoint.produces
          ? z.string().describe(`The ${endpoint.produces} bytes`)
          : z.null().describe('No content'));
  }
  return out;
}

/**
 * Registers `endpoint` on `app` with `handler`. A `raw` body endpoint (signed webhooks) gets its
 * own encapsulated context that hands the handler the exact bytes received.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  extras: RouteExtras = {},
): void {
  const status = successStatus(endpoint);
  const options: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    config: { cache: endpoint.cache, endpoint },
    ...(endpoint.access !== 'public' && {
      onRequest: accessGuard(endpoint.access, endpoint.apiToken === true),
    }),
    ...(extras.preHandler && { preHandler: extras.preHandler }),
    ...((extras.onSend || endpoint.cache === 'public') && {
      onSend: [
        ...(endpoint.cache === 'public' ? [publicCacheOnSend] : []),
        ...[extras.onSend ?? []].flat(),
      ],
    }),
    ...(extras.compress === false && { compress: false }),
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.hidden && { hide: true }),
      ...(endpoint.access !== 'public' && { security: [{ bearerAuth: [] }] }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...((endpoint.bodyKind ?? 'json') === 'json' && endpoint.body && { body: endpoint.body }),
      ...(endpoint.bodyKind === 'multipart' && { consumes: ['multipart/form-data'] }),
      ...(endpoint.produces && { produces: [endpoint.produces] }),
      response: responseSchemas(endpoint),
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params ?? {},
        query: request.query ?? {},
        body: request.body,
        request,
        ...(request.auth && { user: request.auth.user, sessionId: request.auth.sessionId }),
      } as unknown as RouteInput<E>;
      let result: Awaited<ReturnType<RouteHandler<E>>>;
      try {
        result = await handler(input, reply);
      } catch (error) {
        // A GET or HEAD whose connection was dropped runs again (lib/read-rerun.ts): it never
        // writes, or writes only what is idempotent (a download recorded once per link).
        result = await rerunAfterDrop(error, () => handler(input, reply), {
          allowed: () => RETRIED_METHODS.has(endpoint.method) && !reply.sent,
          log: request.log,
        });
      }
      if (result === reply || reply.sent) return reply;
      if (result === undefined) return reply.status(status === 200 ? 204 : status).send();
      return reply.status(status).send(result);
    },
  };
  if (endpoint.bodyKind === 'raw') {
    void app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_request, body, done) => done(null, body),
      );
      raw.withTypeProvider<ZodTypeProvider>().route(options);
    });
    return;
  }
  app.withTypeProvider<ZodTypeProvider>().route(options);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry a route was registered from. */
    endpoint?: Endpoint;
  }
}
