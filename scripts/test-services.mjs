/**
 * The outside services the test suites can use, for scripts/test-all.mjs: how to probe each one
 * and what to leave out when it is missing. Probes never throw and take a few seconds at most.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Modules the API depends on (ioredis, pg), resolved the way the API resolves them. */
const apiRequire = createRequire(path.join(root, 'apps/api/package.json'));

/**
 * @typedef {{ ok: true, value: string, detail?: string } | { ok: false, value?: string, reason: string }} Probe
 *   What a service probe found: the value to hand the suites (a URL, a path), or why not.
 *
 * @typedef {object} Service
 * @property {string} name        Shown in the summary.
 * @property {string} [variable]  The environment variable that names it; the suites get the
 *   probed value in it. None: nothing is passed on (the suites find it themselves).
 * @property {string[]} suites    The suites that use it; it is probed only when one of them runs.
 * @property {(value: string | undefined) => Promise<Probe>} probe  Checks the service, given the
 *   variable's current value (undefined when unset or empty). Never throws.
 * @property {WhenMissing | Record<string, WhenMissing>} whenMissing  What happens without it,
 *   for every suite or per suite name:
 *   'tests': the variable is passed on anyway and the tests that need the service skip
 *   themselves, reporting why in `meta.skipReason`;
 *   'unset': the variable is removed, which leaves out what it enables (named by `skips`);
 *   'suite': the suite is not run.
 * @property {string} [skips]     For 'unset': what is left out, e.g. 'PostgreSQL suite'.
 *
 * @typedef {'tests' | 'unset' | 'suite'} WhenMissing
 */

/**
 * The outside services the suites can use. A new one (S3-compatible storage, minisign…)
 * is one more entry: a probe returning a Probe, and what to leave out when it is missing.
 * @type {Service[]}
 */
export const SERVICES = [
  {
    name: 'Redis',
    variable: 'TEST_REDIS_URL',
    suites: ['api', 'cluster'],
    whenMissing: { api: 'tests', cluster: 'suite' },
    probe: (value) => probeRedis(value ?? 'redis://127.0.0.1:6379'),
  },
  {
    name: 'PostgreSQL',
    variable: 'TEST_DATABASE_URL',
    suites: ['api', 'cluster'],
    whenMissing: { api: 'unset', cluster: 'suite' },
    skips: 'PostgreSQL suite',
    probe: async (value) =>
      value ? probePostgres(value) : { ok: false, reason: 'TEST_DATABASE_URL not set' },
  },
  {
    name: 'nginx',
    suites: ['cluster'],
    whenMissing: 'suite',
    probe: probeNginx,
  },
  {
    name: 'minisign',
    suites: ['api'],
    whenMissing: 'tests',
    probe: probeMinisign,
  },
  {
    name: 'Chromium',
    variable: 'CHROMIUM_PATH',
    suites: ['e2e'],
    whenMissing: 'suite',
    probe: probeChromium,
  },
];

/** `url` with any password replaced by `***`, for messages. */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** Resolves with `promise`'s value, or rejects after `ms` milliseconds without one. */
function within(ms, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Connects to Redis at `url` and sends PING (about 1 s at most). */
export async function probeRedis(url) {
  const { Redis } = apiRequire('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let cause; // ioredis rejects with "Connection is closed."; the 'error' event says why
  client.on('error', (error) => (cause ??= error));
  try {
    await within(
      1_000,
      client.connect().then(() => client.ping()),
    );
    return { ok: true, value: url, detail: redactUrl(url) };
  } catch (error) {
    return {
      ok: false,
      value: url,
      reason: `Redis not reachable at ${redactUrl(url)}: ${(cause ?? error).message}`,
    };
  } finally {
    client.disconnect();
  }
}

/** Connects to PostgreSQL at `url` and runs `SELECT 1` (about 3 s at most). */
export async function probePostgres(url) {
  const { Client } = apiRequire('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {}); // reported through the rejected promise
  try {
    await within(
      3_000,
      client.connect().then(() => client.query('SELECT 1')),
    );
    return { ok: true, value: url, detail: redactUrl(url) };
  } catch (error) {
    return {
      ok: false,
      reason: `PostgreSQL not reachable at ${redactUrl(url)}: ${error.message}`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Finds Debian's nginx (or one on PATH), as bench/lib/nginx.mjs starts it. */
export async function probeNginx() {
  const { findNginx } = await import('../bench/lib/nginx.mjs');
  const bin = findNginx();
  return bin
    ? { ok: true, value: bin, detail: bin }
    : { ok: false, reason: 'nginx is not installed (apt-get install -y nginx)' };
}

/**
 * Finds Debian's minisign, which the Tauri update-signature tests run
 * (apps/api/src/test/updaters/minisign.ts looks at the same path).
 */
export async function probeMinisign() {
  const bin = '/usr/bin/minisign';
  return existsSync(bin)
    ? { ok: true, value: bin, detail: bin }
    : { ok: false, reason: 'minisign is not installed (apt-get install -y minisign)' };
}

/**
 * Finds the browser for the end-to-end suite (e2e/chromium.mjs: CHROMIUM_PATH alone when set,
 * else the system paths, else Playwright's download). With none and no CHROMIUM_PATH, tries
 * `npx playwright install chromium` once (3 minutes at most) before giving up.
 * `options.candidates` replaces the system paths (e2e/chromium.mjs's SYSTEM_CHROMIUMS), to try
 * this on a machine that has a browser.
 */
export async function probeChromium(chromiumPath, options = {}) {
  const { findChromium, playwrightChromium, CHROMIUM_HINT } = await import('../e2e/chromium.mjs');
  let found = findChromium({ chromiumPath, ...options });
  if (!found.path && !chromiumPath) {
    console.log('No Chromium found: trying `npx playwright install chromium` once');
    const install = spawnSync('npx', ['playwright', 'install', 'chromium'], {
      cwd: path.join(root, 'e2e'),
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 180_000,
    });
    const downloaded = playwrightChromium();
    if (install.status === 0 && downloaded && existsSync(downloaded)) found = { path: downloaded };
    else found = { reason: `${found.reason}; the Playwright download failed too` };
  }
  return found.path
    ? { ok: true, value: found.path, detail: found.path }
    : { ok: false, reason: `${found.reason}; ${CHROMIUM_HINT}` };
}
