/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of every statement a request runs, for `node bench/scale.mjs
 * --explain` (README "Benchmarks"; docs/benchmarks.md). The built app is started in this process
 * on the given database, without listening, with a query log (db/client.ts `onQuery`, the
 * statement and its parameters); each request goes through it with `inject`, so the statements
 * are the ones its route, service and repositories really run, and each read is then explained
 * with the same parameters on a connection with the server's session settings
 * (`POOL_SESSION_OPTIONS`), inside a transaction rolled back after. Statements that are not reads
 * (none for a GET: a GET never writes) are listed without a plan. Run `npm run build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DIST = path.resolve(import.meta.dirname, '../../apps/api/dist');

/** Whether `statement` only reads (a plan worth showing, safe to run under EXPLAIN ANALYZE). */
const isRead = (statement) => /^\s*(select|with)\b/i.test(statement);

/**
 * Prints, for each `[name, path]` of `requests` (path under /api/v1, GET), the request's status
 * and each statement it ran with its parameters and plan. `credentials`: an account that may
 * make the requests ({ email, password }). Resolves when everything is printed.
 * @throws when the app cannot start, the sign-in fails or a request does not answer 200
 */
export async function explainRequests(databaseUrl, credentials, requests) {
  const [{ loadConfig }, { openDatabase, POOL_SESSION_OPTIONS }, { buildApp }] = await Promise.all([
    import(`${DIST}/config.js`),
    import(`${DIST}/db/client.js`),
    import(`${DIST}/app.js`),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flockr-explain-'));
  /** The statements of the request in flight, or undefined between requests. */
  let log;
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    onQuery: (statement, params) => log?.push({ statement, params }),
  });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const app = await buildApp({ config, db: database.db, changes: database.changes, logger: false });
  const client = new pg.Client({ connectionString: databaseUrl, options: POOL_SESSION_OPTIONS });
  await client.connect();
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: credentials,
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${login.json().token}` };
    for (const [name, url] of requests) {
      log = [];
      const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
      const statements = log;
      log = undefined;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      console.log(`\n## ${name}: GET ${url} (${statements.length} statements)`);
      for (const [i, { statement, params }] of statements.entries()) {
        console.log(`\n-- ${i + 1}. ${statement}`);
        if (params.length > 0) console.log(`-- parameters: ${JSON.stringify(params)}`);
        if (!isRead(statement)) continue;
        await client.query('begin');
        try {
          const plan = await client.query(`explain (analyze, buffers) ${statement}`, params);
          console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
        } finally {
          await client.query('rollback');
        }
      }
    }
  } finally {
    await client.end();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
