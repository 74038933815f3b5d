/**
 * OpenTelemetry traces (src/tracing.ts, plugins/otel.ts; docs/observability.md, "Traces"): the real
 * server in a child process (TypeScript through tsx, as in server.test.ts) exports to a real
 * OTLP/HTTP receiver, a node:http server here that accepts POST /v1/traces with JSON bodies.
 * On PostgreSQL (api-postgres) the server runs on a fresh database there and its queries' spans
 * are checked too; on PGlite, the HTTP spans only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, eventually, newUserPayload, testDbKind } from './test/harness.js';
import { closedPort } from './test/tcp-proxy.js';

const apiRoot = path.resolve(import.meta.dirname, '..');
const contractSource = path.resolve(apiRoot, '../../packages/contract/src/index.ts');

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
interface ReceivedSpan extends OtlpSpan {
  service: string | undefined;
  attr(key: string): string | number | undefined;
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

let tmp: string;
let receiver: Server;
let receiverUrl: string;
const spans: ReceivedSpan[] = [];
const contentTypes: string[] = [];
let child: ChildProcess | undefined;
let out: () => string = () => '';
let base: string;
let dropDatabase: (() => Promise<void>) | undefined;

const valueOf = (v: OtlpValue | undefined) =>
  v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));

/**
 * Starts `src/server.ts` on a free port with `env` over the defaults below (tracing to nowhere
 * unless `env` says); resolves once it logged that it is ready.
 */
async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await closedPort();
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(tmp, 'tsconfig.json'),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, `data-${port}`),
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      PRODUCT_NAME: '',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      OTEL_SERVICE_NAME: '',
      OTEL_SDK_DISABLED: '',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  started.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!text.includes('is ready at')) {
    if (started.exitCode !== null) throw new Error(`server exited before it was ready:\n${text}`);
    if (Date.now() > deadline) {
      started.kill('SIGKILL');
      throw new Error(`server not ready within 90 s:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child: started, base: `http://127.0.0.1:${port}`, output: () => text };
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'flockr-tracing-test-'));
  const tsconfig = path.join(tmp, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({ compilerOptions: { paths: { '@flockr/contract': [contractSource] } } }),
  );

  // The OTLP/HTTP receiver (OTLP specification, "OTLP/HTTP"): JSON ExportTraceServiceRequest.
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      contentTypes.push(String(req.headers['content-type']));
      const request = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: OtlpValue }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const rs of request.resourceSpans) {
        const service = valueOf(
          rs.resource.attributes.find((a) => a.key === 'service.name')?.value,
        );
        for (const ss of rs.scopeSpans)
          for (const span of ss.spans)
            spans.push({
              ...span,
              service: service === undefined ? undefined : String(service),
              attr: (key) => valueOf(span.attributes.find((a) => a.key === key)?.value),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  let databaseUrl = '';
  if (testDbKind() === 'postgres') {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }

  const server = await startServer({
    DATABASE_URL: databaseUrl,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
  });
  child = server.child;
  base = server.base;
  out = server.output;
}, 150_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await dropDatabase?.();
  rmSync(tmp, { recursive: true, force: true });
});

/** The spans received so far that satisfy `ok`, once at least one has (or after 10 s). */
const spansWhere = (ok: (span: ReceivedSpan) => boolean) =>
  eventually(
    async () => spans.filter(ok),
    (found) => found.length > 0,
    10_000,
  );

// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('traces (real server process, real OTLP/HTTP receiver)', { timeout: 90_000 }, () => {
  it('a request is a SERVER span named by its method and route pattern, continuing the caller’s trace', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const res = await fetch(`${base}/api/v1/site/config`, {
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.status).toBe(200);
    const [span] = await spansWhere((s) => s.traceId === traceId && s.kind === SPAN_KIND_SERVER);
    expect(span).toBeDefined();
    expect(span!.name).toBe('GET /api/v1/site/config');
    expect(span!.attr('http.route')).toBe('/api/v1/site/config');
    expect(span!.attr('http.response.status_code')).toBe(200);
    expect(span!.parentSpanId).toBe(parentId);
    expect(span!.service).toBe('Flockr');
    expect(contentTypes[0]).toMatch(/^application\/json/);
  });

  it('names a route with parameters by its pattern, never the raw URL, with the answer’s status', async () => {
    const id = '5b7d8c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f';
    const res = await fetch(`${base}/api/v1/payments/orders/${id}/status`);
    expect(res.status).toBe(401);
    const [span] = await spansWhere(
      (s) =>
        s.kind === SPAN_KIND_SERVER &&
        s.attr('url.path') === `/api/v1/payments/orders/${id}/status`,
    );
    expect(span!.name).toBe('GET /api/v1/payments/orders/:id/status');
    expect(span!.attr('http.route')).toBe('/api/v1/payments/orders/:id/status');
    expect(span!.attr('http.response.status_code')).toBe(401);
  });

  it('puts the trace id on the log lines of the request (and its request id), and traces its queries on PostgreSQL', async () => {
    const res = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newUserPayload('traced')),
    });
    expect(res.status).toBe(201);
    const requestId = res.headers.get('x-request-id');
    const [server] = await spansWhere(
      (s) => s.kind === SPAN_KIND_SERVER && s.name === 'POST /api/v1/auth/register',
    );
    expect(server!.attr('http.response.status_code')).toBe(201);
    const line = await eventually(
      async () =>
        out()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.msg === 'user registered'),
      (found) => found !== undefined,
    );
    expect(line).toMatchObject({ trace_id: server!.traceId, reqId: requestId });
    if (testDbKind() === 'postgres') {
      const queries = await spansWhere(
        (s) => s.kind === SPAN_KIND_CLIENT && s.traceId === server!.traceId,
      );
      expect(queries.map((s) => s.attr('db.system') ?? s.attr('db.system.name'))).toContain(
        'postgresql',
      );
    }
  });

  it('keeps feed and download tokens out of spans and log lines', async () => {
    const feedToken = `flf_${randomBytes(34).toString('base64url').slice(0, 46)}`;
    const linkToken = randomBytes(24).toString('hex');
    const feed = await fetch(`${base}/api/v1/updates/t/${feedToken}/velopack/releases.stable.json`);
    expect(feed.status).toBe(401);
    const link = await fetch(`${base}/api/v1/downloads/file?token=${linkToken}`);
    expect(link.status).toBeGreaterThanOrEqual(400);
    const [feedSpan] = await spansWhere(
      (s) =>
        s.kind === SPAN_KIND_SERVER && s.name === 'GET /api/v1/updates/t/:feedToken/velopack/:file',
    );
    expect(feedSpan!.attr('url.path')).toBe(
      '/api/v1/updates/t/[REDACTED]/velopack/releases.stable.json',
    );
    const [linkSpan] = await spansWhere(
      (s) => s.kind === SPAN_KIND_SERVER && s.name === 'GET /api/v1/downloads/file',
    );
    expect(linkSpan!.attr('url.path')).toBe('/api/v1/downloads/file');
    const everything = JSON.stringify(spans);
    expect(everything).not.toContain(feedToken);
    expect(everything).not.toContain(linkToken);
    expect(out()).toContain('/api/v1/updates/t/[REDACTED]/velopack/releases.stable.json');
    expect(out()).not.toContain(feedToken);
    expect(out()).not.toContain(linkToken);
  });

  it('makes no span for the liveness probe', async () => {
    await fetch(`${base}/api/v1/health`);
    await fetch(`${base}/api/v1/site/config`);
    await spansWhere((s) => s.name === 'GET /api/v1/site/config' && s !== spans[0]);
    expect(spans.filter((s) => s.attr('url.path') === '/api/v1/health')).toEqual([]);
  });

  it('sends what is left when the server stops on SIGTERM, and exits 0', async () => {
    const before = spans.length;
    await fetch(`${base}/api/v1/changelog`);
    const exited = new Promise<number | null>((resolve) => child!.on('exit', resolve));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(spans.slice(before).map((s) => s.name)).toContain('GET /api/v1/changelog');
  });
});

// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('a receiver that does not answer', { timeout: 90_000 }, () => {
  it('costs the requests nothing, is logged, and the server still stops cleanly', async () => {
    const server = await startServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
    });
    try {
      const res = await fetch(`${server.base}/api/v1/site/config`);
      expect(res.status).toBe(200);
      await eventually(
        async () => server.output(),
        (text) => text.includes('trace export failed'),
        20_000,
      );
      const signalled = performance.now();
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited, server.output()).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(8_000);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});

// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('without an exporter', { timeout: 90_000 }, () => {
  it('no module but plugins/otel.ts imports OpenTelemetry, and it is only imported dynamically', () => {
    const src = path.join(apiRoot, 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const importers = files.filter((f) =>
      /from '(@opentelemetry\/|@fastify\/otel)/.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(importers).toEqual([path.join('plugins', 'otel.ts')]);
    const otelUsers = files.filter((f) =>
      /plugins\/otel\.js|\.\/otel\.js/.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(otelUsers).toEqual(['tracing.ts']);
    expect(readFileSync(path.join(src, 'tracing.ts'), 'utf8')).toMatch(
      /await import\('\.\/plugins\/otel\.js'\)/,
    );
  });
});
