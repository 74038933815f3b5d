/**
 * The SIGTERM sequence of `npm start` (server.ts; docs/operations.md, "Readiness, draining and
 * outages"), with the real server in a child process (its TypeScript run through tsx, on an
 * embedded database in a fresh folder): /ready turns 503 at once, everything else is served
 * for SHUTDOWN_GRACE_MS, with `Connection: close` on every answer so keep-alive clients stop
 * reusing their connections (none is reset under a request), then the process stops accepting
 * connections and exits; a second signal exits at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './test/harness.js';
import { closedPort } from './test/tcp-proxy.js';

const apiRoot = path.resolve(import.meta.dirname, '..');
const contractSource = path.resolve(apiRoot, '../../packages/contract/src/index.ts');
const GRACE_MS = 1_500;

let tmp: string;
let tsconfig: string;
const children = new Set<ChildProcess>();

interface Server {
  process: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code and the time of exit (performance.now()). */
  exited: Promise<{ code: number | null; at: number }>;
}

/** Spawns `src/server.ts` on a free port with `env`, without waiting for anything. */
async function spawnServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await closedPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: tsconfig,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, name),
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ code, at: performance.now() });
    }),
  );
  return { process: child, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/**
 * Starts `src/server.ts` on a free port with `env`; resolves once it logged that it is ready
 * (within 75 s: tsx compiles the server on start, which takes long on a busy 2-core machine).
 */
async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const server = await spawnServer(name, env);
  const deadline = Date.now() + 75_000;
  while (!server.output().includes('is ready at')) {
    if (server.process.exitCode !== null)
      throw new Error(`server exited before it was ready:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`server not ready within 75 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

/** One request of a keep-alive client through the drain, and what became of it. */
interface Sent {
  /** performance.now() when it was sent, and when it was answered or failed. */
  sentAt: number;
  doneAt: number;
  /** Whether it went out on a connection an earlier request had used (Node's `reusedSocket`). */
  reused: boolean;
  /** The answer's status and Connection header, or the error's code. */
  status?: number;
  connection?: string;
  error?: string;
}

/** The requests the keep-alive clients send in turn: constant, kept, checked and refused answers. */
const DRAIN_MIX = [
  { method: 'GET', path: '/api/v1/health' },
  { method: 'GET', path: '/api/v1/site/config' },
  { method: 'GET', path: '/api/v1/ready' },
  { method: 'GET', path: '/api/v1/plans' },
  { method: 'POST', path: '/api/v1/auth/login', body: '{}' },
] as const;

/** Sends `request` to `base` through `agent`; resolves with what became of it, never rejects. */
function send(
  agent: http.Agent,
  base: string,
  request: { method: string; path: string; body?: string },
): Promise<Sent> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      new URL(request.path, base),
      {
        method: request.method,
        agent,
        headers: request.body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            sentAt,
            doneAt: performance.now(),
            reused: req.reusedSocket,
            status: res.statusCode,
            connection: res.headers.connection,
          }),
        );
      },
    );
    req.setTimeout(15_000, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        sentAt,
        doneAt: performance.now(),
        reused: req.reusedSocket,
        error: error.code ?? error.message,
      }),
    );
    req.end(request.body);
  });
}

/** The status of GET `path`, or 0 when the connection is refused or reset. */
async function statusOf(base: string, urlPath: string): Promise<number> {
  try {
    const res = await fetch(`${base}${urlPath}`);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'flockr-server-test-'));
  // The contract's package export points at its built dist/; this lets the child read its
  // TypeScript source instead, like the tests do, so no build is needed.
  tsconfig = path.join(tmp, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({ compilerOptions: { paths: { '@flockr/contract': [contractSource] } } }),
  );
});

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

// The child runs on its own embedded database, whichever database the project tests: once is
// enough, so the api-postgres project leaves this file out (vitest.config.ts).
// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('SIGTERM drains, then stops (real server process)', { timeout: 90_000 }, () => {
  it('turns /ready 503 at once, serves everything else for the grace period, then exits 0', async () => {
    const server = await startServer('drain', { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    expect(await statusOf(server.base, '/api/v1/ready')).toBe(200);

    const signalled = performance.now();
    server.process.kill('SIGTERM');
    // Draining: not ready (as soon as the signal is handled: a request that reached the event
    // loop first may still be told 200), but still serving.
    const ready = await eventually(
      () => fetch(`${server.base}/api/v1/ready`),
      (res) => res.status === 503,
      1_000,
    );
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBeTruthy();
    expect(await ready.json()).toMatchObject({ ready: false, draining: true });
    expect(await statusOf(server.base, '/api/v1/health')).toBe(200);
    expect(await statusOf(server.base, '/api/v1/site/config')).toBe(200);

    // Liveness keeps answering until the grace period is over; then connections are refused.
    let lastServed = signalled;
    while (performance.now() - signalled < GRACE_MS + 10_000) {
      const status = await statusOf(server.base, '/api/v1/health');
      if (status !== 200) break;
      lastServed = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lastServed - signalled).toBeGreaterThanOrEqual(GRACE_MS - 100);

    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(GRACE_MS);
    expect(at - signalled).toBeLessThan(GRACE_MS + 10_000);
    expect(server.output()).toContain('draining: /ready answers 503');
  });

  it('tells keep-alive clients to stop reusing their connections: none is reset under a request, and a balancer that stops on /ready 503 loses nothing', async () => {
    const server = await startServer('keep-alive', { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    let exited = false;
    void server.exited.then(() => (exited = true));
    // Clients that keep requests flowing until the process is gone, each on keep-alive
    // connections (two per agent, so both are reused all the time).
    const flowing: Sent[] = [];
    const agents: http.Agent[] = [];
    const loop = async (agent: http.Agent, first: number, into: Sent[], until: () => boolean) => {
      for (let i = first; !until(); i++) {
        into.push(await send(agent, server.base, DRAIN_MIX[i % DRAIN_MIX.length]!));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const loops: Promise<void>[] = [];
    for (let a = 0; a < 4; a++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      agents.push(agent);
      for (let l = 0; l < 2; l++) loops.push(loop(agent, a + l, flowing, () => exited));
    }
    // A load balancer: its requests on its own keep-alive connections, and a health check of
    // /ready every 100 ms on another; once the check answers 503 it sends nothing more here.
    const balanced: Sent[] = [];
    let stopped = false;
    const balancer = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const checker = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(balancer, checker);
    for (let l = 0; l < 2; l++) loops.push(loop(balancer, l, balanced, () => stopped));
    let drainingSeenAt = 0;
    loops.push(
      (async () => {
        while (!stopped) {
          const check = await send(checker, server.base, DRAIN_MIX[2]);
          if (check.status === 503) {
            drainingSeenAt = check.doneAt;
            stopped = true;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
    );

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const signalled = performance.now();
    server.process.kill('SIGTERM');
    const { code } = await server.exited;
    await Promise.all(loops);
    for (const agent of agents) agent.destroy();
    expect(code).toBe(0);
    expect(drainingSeenAt).toBeGreaterThan(signalled);

    // No connection that had carried a request failed under the next one: the drain never
    // resets a reused connection (before the fix, each flowing client met one at close()).
    expect(flowing.filter((r) => r.reused && r.error)).toEqual([]);
    // What failed was a new connection, once the grace period was over: refused, or reset by the
    // kernel when the listener closed with it still queued.
    const failed = flowing.filter((r) => r.error);
    for (const r of failed) {
      expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(r.error);
      expect(r.doneAt).toBeGreaterThanOrEqual(signalled + GRACE_MS);
    }
    // Everything sent once the drain was known was answered with Connection: close; so was the
    // next request on each connection kept alive from before the signal (which then closed).
    const afterDrain = flowing.filter((r) => r.status && r.sentAt > drainingSeenAt);
    expect(afterDrain.length).toBeGreaterThan(0);
    expect(afterDrain.filter((r) => r.connection !== 'close')).toEqual([]);
    expect(flowing.filter((r) => r.reused && r.connection === 'close').length).toBeGreaterThan(0);
    const beforeSignal = flowing.filter((r) => r.status && r.doneAt < signalled);
    expect(beforeSignal.length).toBeGreaterThan(0);
    expect(beforeSignal.filter((r) => r.connection !== 'keep-alive')).toEqual([]);
    // The balancer stopped within the grace period: every request it sent was answered.
    expect(balanced.length).toBeGreaterThan(0);
    expect(balanced.filter((r) => !r.status)).toEqual([]);
  }, 120_000);

  it('exits at once on a second signal', async () => {
    const server = await startServer('second', { SHUTDOWN_GRACE_MS: '60000' });
    server.process.kill('SIGTERM');
    // The first signal was handled (draining) before the second is sent.
    expect(
      await eventually(
        () => statusOf(server.base, '/api/v1/ready'),
        (status) => status === 503,
        1_000,
      ),
    ).toBe(503);
    const second = performance.now();
    server.process.kill('SIGINT');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - second).toBeLessThan(2_000);
  });
});

// The production start (docs/billing.md "Test mode"): config.ts refuses the sandbox, the
// default provider, unless the operator opts in; started anyway, the site says test mode.
// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('a production start on the sandbox (real server process)', { timeout: 90_000 }, () => {
  it('refuses, exiting 1 with a message naming PAYMENT_PROVIDER=stripe and the opt-in', async () => {
    const server = await spawnServer('production-sandbox', { NODE_ENV: 'production' });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PAYMENT_PROVIDER=stripe');
    expect(server.output()).toContain('ALLOW_SANDBOX_IN_PRODUCTION=true');
    expect(server.output()).not.toContain('is ready at');
  });

  it('starts with ALLOW_SANDBOX_IN_PRODUCTION=true, warns at start, and says test mode', async () => {
    const server = await startServer('production-sandbox-allowed', {
      NODE_ENV: 'production',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    expect(server.output()).toContain('The sandbox payment provider runs in production');
    const config = (await (await fetch(`${server.base}/api/v1/site/config`)).json()) as {
      payments_mode: string;
    };
    expect(config.payments_mode).toBe('test');
  });
});
