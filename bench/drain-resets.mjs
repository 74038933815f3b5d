#!/usr/bin/env node
/**
 * Resets seen by keep-alive clients through a SIGTERM drain of the built server
 * (apps/api/dist/server.js; run `npm run build` first; docs/operations.md "What a load balancer
 * must do"). Each run starts the server on its own embedded database with SHUTDOWN_GRACE_MS,
 * keeps requests flowing from eight loops on four keep-alive agents of two connections each (a
 * mix of kept, checked and refused answers, a POST among them) for a second, sends SIGTERM
 * and keeps them flowing until the process has exited. It prints one line per run:
 *
 *   run 1: 2571 answered (1134 on reused connections), 0 reset on a reused connection, 0 reset
 *   on a new one, 927 refused, 0 other failures; 0 answers after the drain without
 *   Connection: close; exit 0
 *
 * "reset" is ECONNRESET or "socket hang up" (Node's `reusedSocket` tells reused from new
 * connections); "refused" is ECONNREFUSED once the listener has closed.
 *
 * Usage: node bench/drain-resets.mjs [--runs 3] [--grace-ms 1500] [--server apps/api/dist/server.js]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, SERVER_JS, waitFor } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'grace-ms': { type: 'string', default: '1500' },
    server: { type: 'string', default: SERVER_JS },
  },
});

/** The requests each loop sends in turn. */
const MIX = [
  { method: 'GET', path: '/api/v1/health' },
  { method: 'GET', path: '/api/v1/site/config' },
  { method: 'GET', path: '/api/v1/ready' },
  { method: 'GET', path: '/api/v1/plans' },
  { method: 'POST', path: '/api/v1/auth/login', body: '{}' },
];

/** Sends `request` through `agent`; resolves with { reused, status, connection } or { reused, error }. */
function send(agent, port, request) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: request.path, method: request.method, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            reused: req.reusedSocket,
            status: res.statusCode,
            connection: res.headers.connection,
          }),
        );
      },
    );
    if (request.body) req.setHeader('content-type', 'application/json');
    req.setTimeout(15_000, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    req.on('error', (error) =>
      resolve({ reused: req.reusedSocket, error: error.code ?? error.message }),
    );
    req.end(request.body);
  });
}

/** One drain under load; resolves with its counts. */
async function run() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flockr-drain-'));
  const child = spawn(process.execPath, [values.server], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: values['grace-ms'],
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
    const counts = {
      answered: 0,
      reusedAnswered: 0,
      resetReused: 0,
      resetNew: 0,
      refused: 0,
      other: 0,
      keptAliveAfterDrain: 0,
    };
    let gone = false;
    let drainingAt = 0;
    void exited.then(() => (gone = true));
    const loops = [];
    const agents = [];
    for (let a = 0; a < 4; a++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      agents.push(agent);
      for (let l = 0; l < 2; l++)
        loops.push(
          (async () => {
            for (let i = a + l; !gone; i++) {
              const sentAt = performance.now();
              const r = await send(agent, port, MIX[i % MIX.length]);
              if (r.status) {
                counts.answered += 1;
                if (r.reused) counts.reusedAnswered += 1;
                if (r.status === 503 && MIX[i % MIX.length].path === '/api/v1/ready')
                  drainingAt ||= performance.now();
                if (drainingAt && sentAt > drainingAt && r.connection !== 'close')
                  counts.keptAliveAfterDrain += 1;
              } else if (r.error === 'ECONNREFUSED') counts.refused += 1;
              else if (r.error === 'ECONNRESET' || r.error === 'socket hang up')
                counts[r.reused ? 'resetReused' : 'resetNew'] += 1;
              else counts.other += 1;
              await new Promise((resolve) => setImmediate(resolve));
            }
          })(),
        );
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    child.kill('SIGTERM');
    counts.exit = await exited;
    await Promise.all(loops);
    for (const agent of agents) agent.destroy();
    return counts;
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let i = 1; i <= Number(values.runs); i++) {
  const c = await run();
  console.log(
    `run ${i}: ${c.answered} answered (${c.reusedAnswered} on reused connections), ` +
      `${c.resetReused} reset on a reused connection, ${c.resetNew} reset on a new one, ` +
      `${c.refused} refused, ${c.other} other failures; ${c.keptAliveAfterDrain} answers after ` +
      `the drain without Connection: close; exit ${c.exit}`,
  );
}
