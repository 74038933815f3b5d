/**
 * A fetch stub at the network edge: answers `METHOD /path` (path without `/api/v1`) with real
 * Response objects and records every call. The server is a third party to these unit tests.
 */
import { vi } from 'vitest';
import { siteConfig } from './fixtures';

/** A recorded request. */
export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A handler: a value to answer as JSON (200), a Response, or a function of the request. */
export type MockHandler =
  | Response
  | ((call: RecordedCall) => Response | Promise<Response>)
  | Record<string, unknown>
  | unknown[];

/** A JSON Response with `status`. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs global fetch. `routes` maps 'GET /plans'-style keys to handlers; `/site/config` answers
 * by default; anything else is a 404 `{ error: 'Not found' }`.
 */
export function mockApi(routes: Record<string, MockHandler> = {}) {
  const calls: RecordedCall[] = [];
  const all: Record<string, MockHandler> = { 'GET /site/config': siteConfig, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = { method, path, url, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    if (handler === undefined) return json({ error: 'Not found' }, 404);
    if (handler instanceof Response) return handler.clone();
    if (typeof handler === 'function') return handler(call);
    return json(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Calls to `METHOD /path`. */
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);
  return { fetchMock, calls, callsTo };
}
