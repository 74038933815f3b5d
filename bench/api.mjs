#!/usr/bin/env node
/**
 * Prints speed and memory figures of the built API (run `npm run build` first):
 *   node bench/api.mjs [requests=300] [concurrency=10]
 * Starts the server on a free port with a fresh embedded database in a temporary folder, then
 * measures GET /subscriptions/plans, GET /changelog, POST /auth/login (scrypt at OWASP cost) and
 * the server's resident memory. Figures only; no pass/fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const total = Number(process.argv[2] ?? 300);
const concurrency = Number(process.argv[3] ?? 10);
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}/api/v1`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flockr-bench-'));
const server = spawn(
  process.execPath,
  [path.resolve(import.meta.dirname, '../apps/api/dist/server.js')],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_LOGIN_PER_IP: '1000000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
      RATE_LIMIT_SENSITIVE_PER_IP: '1000000',
    },
    stdio: 'inherit',
  },
);

async function waitReady() {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function measure(name, n, request) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        next += 1;
        const t = performance.now();
        const res = await request();
        if (!res.ok) throw new Error(`${name}: ${res.status}`);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(
    `${name.padEnd(28)} ${String(n).padStart(5)} req  ${(n / elapsed).toFixed(0).padStart(6)} req/s  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms`,
  );
}

try {
  const ready = await waitReady();
  console.log(
    `server ready in ${ready.toFixed(0)} ms (fresh database, migrations and seed), ${concurrency} concurrent clients`,
  );
  const user = {
    username: `bench${Date.now()}`,
    email: `bench${Date.now()}@example.com`,
    password: 'Bench!Passw0rd',
  };
  const reg = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  await measure('GET /subscriptions/plans', total, () => fetch(`${base}/subscriptions/plans`));
  await measure('GET /changelog', total, () => fetch(`${base}/changelog`));
  await measure('POST /auth/login (scrypt)', Math.max(20, Math.floor(total / 10)), () =>
    fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    }),
  );
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  console.log(
    `server resident memory: ${(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024).toFixed(0)} MB`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
