/**
 * Shared by the bench scripts: start the built product (apps/api/dist/server.js, which serves
 * the built web app too) on a free port with its own data folder, wait until it answers, read
 * its resident memory, stop it. Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const SERVER_JS = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves when `url` answers 2xx (polls every 50 ms, up to `timeoutMs`). */
export async function waitFor(url, timeoutMs = 120_000) {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * CPU time process `pid` has used so far (user + system, all threads), in milliseconds
 * (Linux /proc/<pid>/stat, clock ticks of 10 ms); with `mainThread`, its main thread's only
 * (/proc/<pid>/task/<pid>/stat: the event loop, without worker threads).
 */
export function cpuMs(pid, { mainThread = false } = {}) {
  const stat = readFileSync(
    mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`,
    'utf8',
  );
  // Fields after the command name (which may hold spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of process `pid` in bytes (Linux /proc). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

/**
 * Starts the built product. `env` is added to a bench-friendly default (no logs, rate limits out
 * of the way, embedded database in a fresh folder unless DATABASE_URL is given); it may be a
 * function of the server's own URL (e.g. `(url) => ({ PUBLIC_URL: url })`). `logFile`: a path
 * the server's stdout (its log lines) goes to instead of this process's stdout. `serverJs`: the
 * built server to start (another checkout's, as an anchor); this checkout's by default.
 * Resolves with { url, api, pid, dataDir, stop() }.
 */
export async function startProduct(env = {}, { logFile, serverJs = SERVER_JS } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flockr-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The sandbox provider on purpose: production refuses it otherwise (config.ts).
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '0',
      RATE_LIMIT_LOGIN_PER_IP: '100000000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000000',
      RATE_LIMIT_LOGIN_PER_DEVICE: '100000000',
      RATE_LIMIT_SENSITIVE_PER_IP: '100000000',
      ...(typeof env === 'function' ? env(url) : env),
    },
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await Promise.race([
      waitFor(`${url}/api/v1/health`),
      exited.then((code) => {
        throw new Error(`the server exited with ${code} before answering`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    api: `${url}/api/v1`,
    pid: child.pid,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers and signs in a user, buys PRO in the sandbox; returns bearer headers. */
export async function subscribedUser(api) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const json = { 'content-type': 'application/json' };
  const reg = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username: `tp${stamp}`,
      email: `tp${stamp}@example.com`,
      password: 'Bench!Passw0rd',
    }),
  });
  const { token } = await reg.json();
  const auth = { authorization: `Bearer ${token}` };
  const { plans } = await (await fetch(`${api}/subscriptions/plans`)).json();
  const pro = plans.find((p) => p.name === 'PRO');
  const order = await (
    await fetch(`${api}/subscriptions/subscribe`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ plan_id: pro.id, duration_months: 1 }),
    })
  ).json();
  const payment = await (
    await fetch(`${api}/payments/create`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ order_id: order.order_id }),
    })
  ).json();
  const session = new URL(payment.payment_url).pathname.split('/').pop();
  const paid = await fetch(`${api}/payments/sandbox/sessions/${session}/pay`, {
    method: 'POST',
  });
  if (!paid.ok) throw new Error(`sandbox pay: ${paid.status} ${await paid.text()}`);
  return auth;
}

/**
 * Starts the bare Fastify anchor (bench/anchors/bare-fastify.mjs) with `answers`
 * ({ path: { body, headers } }), sending the headers too when `sameHeaders`, and logging at
 * `logLevel` to `logFile` when both are given, each request's access-log line at the level the
 * product's rule gives (ACCESS_LOG from the environment); resolves with its base URL and a stop
 * function.
 */
export async function startBareFastify(
  answers,
  { sameHeaders = false, logFile, logLevel = 'info' } = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flockr-anchor-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, '../anchors/bare-fastify.mjs'), file],
    {
      env: {
        ...process.env,
        PORT: String(port),
        SAME_HEADERS: sameHeaders ? '1' : '0',
        LOG_FILE: logFile ?? '',
        LOG_LEVEL: logLevel,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`anchor exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
