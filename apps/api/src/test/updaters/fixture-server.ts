/**
 * A tiny `node:http` server for hand-written update feeds in tests: it answers from a table of
 * paths and records every request (method, path, query, headers), so a test can assert exactly
 * what a real updater client asked for.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fixture server received. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string, still percent-encoded as sent. */
  path: string;
  /** The query string parsed (last value wins); empty when there is none. */
  query: Record<string, string>;
  /** Path and query exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** What the server answers for one path. `body` defaults to empty, `status` to 200. */
export interface FixtureResponse {
  status?: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * Answers keyed by request path (no query string, as sent, e.g. `/feed/latest.yml`): a fixed
 * response, or a function of the request. Paths not in the table get 404. Tests may add, replace
 * or delete entries while the server runs.
 */
export type FixtureRoutes = Record<
  string,
  FixtureResponse | ((request: RecordedRequest) => FixtureResponse)
>;

/** A running fixture server. */
export interface FixtureServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Every request received so far, oldest first; tests may empty it (`length = 0`). */
  requests: RecordedRequest[];
  /** The live route table (see FixtureRoutes). */
  routes: FixtureRoutes;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts a fixture server on a free port of 127.0.0.1 answering from `routes`. Resolves once it
 * listens; rejects if it cannot.
 */
export async function startFixtureServer(routes: FixtureRoutes = {}): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const parsed = new URL(url, 'http://fixture.invalid');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.split('?')[0] ?? url,
      query: Object.fromEntries(parsed.searchParams),
      url,
      headers: req.headers,
    };
    requests.push(recorded);
    const route = routes[recorded.path];
    const answer: FixtureResponse =
      route === undefined
        ? { status: 404, body: 'not found' }
        : typeof route === 'function'
          ? route(recorded)
          : route;
    const body = answer.body ?? '';
    res.writeHead(answer.status ?? 200, {
      'content-length': String(Buffer.byteLength(body)),
      ...answer.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
