/**
 * The shape of one endpoint in the route table (routes.ts): method, path, who may call it, and
 * the zod schemas of its params, query, body and answers. The server registers its routes from
 * the table (apps/api/src/http/route.ts), OpenAPI is generated from the same schemas, and the web
 * client is typed from it, so a path or a payload cannot differ between them.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint (requirements §6): anyone; a signed-in user whose account is ACTIVE;
 * an ADMIN or SUPER_ADMIN; a SUPER_ADMIN only. The server enforces it before the body is read.
 */
export type Access = 'public' | 'user' | 'admin' | 'super-admin';

/**
 * How the request body is read: JSON validated by `body` (default); a multipart form the
 * handler streams itself (uploads); or the raw bytes (signed provider webhooks).
 */
export type BodyKind = 'json' | 'multipart' | 'raw';

/**
 * An answer of an endpoint: a zod schema for a JSON body, or `null` for an answer without a JSON
 * body (204, a file, an image, a redirect).
 */
export type ResponseSchema = z.ZodType | null;

/** One endpoint of the route table. */
export interface Endpoint {
  method: HttpMethod;
  /** Path under /api/v1 with `:name` parameters, e.g. `/payments/orders/:id/status`. */
  path: string;
  /** One line for the OpenAPI document: what the call does, and the requirements section it serves. */
  summary: string;
  /** OpenAPI tag (the feature). */
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyKind?: BodyKind;
  /** Answers by HTTP status. Error answers are `errorResponseSchema`. */
  responses: Readonly<Record<number, ResponseSchema>>;
  /** Media type of a non-JSON success answer, e.g. `image/png`. */
  produces?: string;
  /** 'public': the answer is the same for everyone and shared caches may store it. */
  cache?: 'public';
  /** Left out of the OpenAPI document (only the web app's own helpers). */
  hidden?: boolean;
  /**
   * Also accepts an admin API token (`Authorization: Bearer flk_…`, {@link API_TOKEN_PREFIX})
   * instead of a session, acting as the admin who created it. Set only on the release endpoints
   * a release pipeline needs (docs/updates.md "Publishing from CI"); every other endpoint refuses
   * such a token (401).
   */
  apiToken?: true;
}

/** How an admin API token begins (`flk_` and 43 base64url characters; docs/updates.md). */
export const API_TOKEN_PREFIX = 'flk_';

/** Declares an endpoint, keeping its literal types (so clients infer params, body and answers). */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The JSON answer type of `E` for status `S`. */
export type ResponseOf<
  E extends Endpoint,
  S extends keyof E['responses'],
> = E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined;

/**
 * The JSON body of `E`'s success answer (200, 201 or 202); `void` for an endpoint whose success
 * is 204 No Content.
 */
export type SuccessOf<E extends Endpoint> = 200 extends keyof E['responses']
  ? ResponseOf<E, 200>
  : 201 extends keyof E['responses']
    ? ResponseOf<E, 201>
    : 202 extends keyof E['responses']
      ? ResponseOf<E, 202>
      : void;

/** The parsed (server-side) inputs of `E`. */
export interface InputOf<E extends Endpoint> {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, never>;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : Record<string, never>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
}

/** What a client sends for `E` (before the schemas' defaults and transforms). */
export interface RequestOf<E extends Endpoint> {
  params: E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
  query: E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
  body: E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
}

/** Fills `:name` parameters of `path` with URI-encoded values, e.g. ('/x/:id', {id:'1'}) → '/x/1'. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The key of `endpoint`: its method and path, e.g. `'GET /auth/me'` (routes.ts `EndpointKey`, the
 * name the web app calls it by).
 */
export function endpointKey(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** The method and path of an endpoint key: `'GET /auth/me'` → `{ method: 'GET', path: '/auth/me' }`. */
export function parseEndpointKey(key: string): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}
