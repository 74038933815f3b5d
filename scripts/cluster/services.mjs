/**
 * The outside services a cluster run borrows, each made fresh for the run and removed at its end:
 * a PostgreSQL database with a unique name, a Redis database number nobody uses, and (when the
 * built server supports object storage) an s3rver process with its own bucket and folder.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Modules the API depends on (pg, ioredis, s3rver), resolved the way the API resolves them. */
export const apiRequire = createRequire(path.join(root, 'apps/api/package.json'));

/** Default PostgreSQL server (this machine's, trust auth) when TEST_DATABASE_URL is unset. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Default Redis when TEST_REDIS_URL is unset. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Creates a database with a unique name on the server of `serverUrl` (any database URL on it).
 * Resolves with { url, name, query(sql, params) → rows, allowConnections(allow), drop() }:
 * `query` runs on a client of its own (for the checks' SQL), `allowConnections` refuses or allows
 * the database's connections, `drop()` closes the client and drops the database WITH (FORCE), so
 * connections of killed instances do not keep it; `query` and `drop` are safe to call twice.
 */
export async function createDatabase(serverUrl) {
  const { Client } = apiRequire('pg');
  const name = `flockr_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let client;
  let dropped = false;
  /** The checks' own client on the run's database, connected on first use. */
  const checksClient = async () => {
    if (!client) {
      client = new Client({ connectionString: url.toString() });
      client.on('error', () => {});
      await client.connect();
    }
    return client;
  };
  return {
    url: url.toString(),
    name,
    /** Runs `sql` with `params` on the run's database; resolves with the rows. */
    async query(sql, params = []) {
      return (await (await checksClient()).query(sql, params)).rows;
    },
    /**
     * `ALTER DATABASE … ALLOW_CONNECTIONS allow` from a connection to the server's own database.
     * Refusing also terminates every backend of the run's database but the checks' own client,
     * as an operator taking the database out of service does: new connections then fail with
     * SQLSTATE 55000 (docs/operations.md "PostgreSQL unreachable").
     */
    async allowConnections(allow) {
      const keep = (await (await checksClient()).query('select pg_backend_pid() as pid')).rows[0]
        .pid;
      const c = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
      await c.connect();
      try {
        await c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`);
        if (!allow)
          await c.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2',
            [name, keep],
          );
      } finally {
        await c.end();
      }
    },
    /** Closes the checks' client and drops the database (idempotent). */
    async drop() {
      if (dropped) return;
      dropped = true;
      await client?.end().catch(() => {});
      const c = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The key that marks a Redis database number as taken by a cluster run (with an expiry). */
const CLAIM_KEY = 'flockr-cluster:claim';

/**
 * Claims an empty Redis database number (1–15) on the server of `serverUrl` for this run: the
 * first with no keys on which SET NX of a claim key (1 hour expiry) succeeds, so the instances'
 * rate-limit counters start at zero and concurrent runs or other users of database 0 are not
 * disturbed (the app's key prefix is fixed, so a fresh number is what isolates a run).
 * Resolves with { url (the server URL with /<number>), db, release() }: `release()` deletes the
 * app's keys there (prefix `flockr-rate-limit:`) and the claim (idempotent).
 * @throws Error when every number 1–15 is in use.
 */
export async function claimRedisDb(serverUrl) {
  const { Redis } = apiRequire('ioredis');
  const token = randomBytes(8).toString('hex');
  for (let db = 1; db <= 15; db += 1) {
    const client = new Redis(serverUrl, {
      db,
      lazyConnect: true,
      connectTimeout: 1_000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    await client.connect();
    const size = await client.dbsize();
    const claimed = size === 0 && (await client.set(CLAIM_KEY, token, 'EX', 3600, 'NX')) === 'OK';
    if (!claimed) {
      client.disconnect();
      continue;
    }
    const url = new URL(serverUrl);
    url.pathname = `/${db}`;
    let released = false;
    return {
      url: url.toString(),
      db,
      /** Deletes the run's rate-limit keys and the claim, then disconnects (idempotent). */
      async release() {
        if (released) return;
        released = true;
        try {
          const keys = await client.keys('flockr-rate-limit:*');
          if (keys.length > 0) await client.del(...keys);
          if ((await client.get(CLAIM_KEY)) === token) await client.del(CLAIM_KEY);
        } finally {
          client.disconnect();
        }
      },
    };
  }
  throw new Error(`no free Redis database number (1-15) at ${serverUrl}`);
}

/**
 * Starts s3rver (the `s3rver` package the API's tests use) in a child process on a free port of
 * 127.0.0.1, storing under `directory`, with the bucket `bucket` created. Resolves with
 * { endpoint, pid, stop() }. Its default account (S3RVER / S3RVER) is what the instances get as
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
 */
export async function startS3rver({ directory, bucket }) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 's3rver-child.mjs')], {
    env: { ...process.env, S3RVER_DIRECTORY: directory, S3RVER_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    exited.then((code) => reject(new Error(`s3rver exited with ${code} before listening`)));
  });
  let running = true;
  exited.then(() => (running = false));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** Stops s3rver (idempotent); its folder is the caller's to remove. */
    async stop() {
      if (!running) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
