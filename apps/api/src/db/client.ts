/**
 * Database connection: embedded PGlite (files under DATA_DIR/pglite) by default, PostgreSQL when
 * a connection string is given. Both speak through the same Drizzle schema and migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { markConnecting } from '../lib/db-errors.js';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './changes.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

/**
 * PostgreSQL extensions the migrations create: pg_trgm serves substring search from indexes.
 * PostgreSQL ships it (contrib, a trusted extension); PGlite loads its build on demand.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

type Schema = typeof schema;
/** A Drizzle database or an open transaction: repositories accept either. */
export type Executor = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * The rows of a raw statement run with `db`, typed as `T` by the caller (node-postgres and PGlite
 * both answer `{ rows }`; numbers from count/sum may arrive as text).
 */
export async function rowsOf<T = Record<string, unknown>>(
  db: Executor,
  statement: SQL,
): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The prepared queries of each database object, by name ({@link preparedQuery}). */
const preparedQueries = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The query `build` makes with `db`, prepared under `name` and kept for `db`'s life, so Drizzle
 * turns it into SQL once, not on every call, and PostgreSQL parses and plans it once per pooled
 * connection (a named prepared statement; PostgreSQL docs, "PREPARE"). For the few statements
 * every signed-in page asks for. `build` gets `db` and returns `.prepare(name)` of a query whose
 * inputs are `sql.placeholder`s; a transaction object gets its own copy, which lives as long as
 * the transaction. Names must be unique across the application.
 */
export function preparedQuery<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = preparedQueries.get(db);
  if (!byName) {
    byName = new Map();
    preparedQueries.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(db));
  return byName.get(name) as T;
}

/**
 * How long opening a pooled PostgreSQL connection may take before it fails, in milliseconds: a
 * request that needs the database while it is unreachable answers 503 within about this time
 * (docs/operations.md).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 1_000;

/**
 * Key of the PostgreSQL advisory lock held while migrations run, so instances starting together
 * migrate one after the other (the first applies them, the others find nothing left to do)
 * instead of racing on the same CREATE statements. Any constant bigint; this is "flockr-m".
 */
export const MIGRATION_LOCK_KEY = 0x666c6f636b722d6dn;

/**
 * Applies the pending migrations on one connection of `pool` while holding the advisory lock
 * MIGRATION_LOCK_KEY (session-level, released before the connection goes back to the pool).
 * Waits for another process's migrations to finish first.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // Waiting for another instance's migrations, or building an index over millions of rows,
    // may take longer than a request's statement may: no limit on this connection meanwhile.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `select 1` on `db`, for the readiness check (`GET /ready`, docs/operations.md).
 * @param timeoutMs how long to wait for the answer, in milliseconds.
 * @throws the database's error, or an Error "no answer within … ms" after `timeoutMs` (the
 *   statement itself is not cancelled; it ends with its connection).
 */
export async function pingDatabase(db: Executor, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a PostgreSQL pool holds now (node-postgres `Pool` counters), for metrics. */
export interface PoolUse {
  /** Open connections, idle or in use. */
  total: number;
  /** Open connections waiting for a query. */
  idle: number;
  /** Queries waiting for a connection (every connection busy and the pool at its maximum). */
  waiting: number;
}

/**
 * The pool use of `db` when it is a node-postgres pool (PostgreSQL), read at the moment of the
 * call; undefined on PGlite, whose one in-process connection has no pool
 * (docs/observability.md).
 */
export function poolUse(db: Executor): PoolUse | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}

/**
 * node-postgres's Client as the pool makes it, except that an error raised while it opens its
 * connection is marked (lib/db-errors.ts `markConnecting`): PostgreSQL refuses a connection to a
 * database with `ALLOW_CONNECTIONS false` with SQLSTATE 55000, which statements raise too, and
 * only the refusal is an outage (503, docs/operations.md "PostgreSQL unreachable"). Its name must
 * not contain "Pool": Drizzle takes any object whose class name does for a pool.
 */
class ConnectMarkingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
  override connect(
    callback?: (err: Error | null, client?: pg.Client) => void,
  ): Promise<pg.Client> | void {
    if (!callback)
      return super.connect().catch((error: unknown) => {
        throw markConnecting(error);
      });
    // node-postgres calls back with (error) or (null, this client); pg-pool reads the error.
    super.connect(((error: Error | null) =>
      error ? callback(markConnecting(error)) : callback(null, this)) as (err: Error) => void);
  }
}

/** An open database: the Drizzle handle, which engine it is, and how to close it. */
export interface Database {
  db: Executor;
  kind: 'pglite' | 'postgres';
  /** Change notices between instances sharing this database (changes.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** Folder of the SQL migrations generated by drizzle-kit (apps/api/drizzle). */
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/**
 * PostgreSQL settings every pooled connection starts with (the `options` startup parameter;
 * docs/operations.md "JIT compilation is off"): JIT compilation off. The server's statements are
 * short index reads and writes; PostgreSQL would JIT-compile any plan whose estimated cost passes
 * `jit_above_cost`, which a total's `EXPLAIN` over millions of rows does (db/list-order.ts), and
 * the first compilation in each new connection loads LLVM for 20–70 ms (docs/benchmarks.md
 * "JIT"). The operator's own settings win: PGOPTIONS is sent after these, and an `options`
 * parameter in DATABASE_URL replaces them (node-postgres gives the URL's values precedence).
 */
export const POOL_SESSION_OPTIONS = '-c jit=off';

export type DatabaseTarget = (
  | {
      kind: 'postgres';
      url: string;
      /**
       * PostgreSQL's `statement_timeout` for every pooled connection, in milliseconds; unset or
       * 0: none. The migrations run without it (they wait for each other and may build indexes
       * over millions of rows).
       */
      statementTimeoutMs?: number;
      /** PostgreSQL's `idle_in_transaction_session_timeout`, in milliseconds; unset or 0: none. */
      idleInTransactionTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'pglite-memory';
      /**
       * A dump of a database to start from (PGlite's `dumpDataDir`), instead of an empty one: a
       * restored dump opens in a fraction of the time `initdb` takes (tests start each file's
       * database from one migrated dump, test/harness.ts). Pending migrations still run.
       */
      loadDataDir?: Blob;
    }
) & {
  /**
   * Called with every statement the app runs and its parameters (tests read the request log
   * through it; `node bench/scale.mjs --explain` explains each statement of a request).
   */
  onQuery?: (query: string, params: unknown[]) => void;
};

/** Drizzle's logger for `target.onQuery`, or none. */
function queryLogger(target: DatabaseTarget) {
  const onQuery = target.onQuery;
  return onQuery
    ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) }
    : false;
}

/**
 * Opens the database and applies pending migrations.
 * - postgres: a pooled node-postgres connection to `url`.
 * - pglite: files under `dataDir`, guarded by an operating-system lock on `{dataDir}.lock`
 *   (data-dir-lock.ts) so a second process refuses to start (PGlite allows one connection in one
 *   process). The kernel drops the lock when its process ends, so a restart after a crash or
 *   `kill -9` opens at once; PostgreSQL's crash recovery then replays the WAL, and every
 *   committed row is there (tested in data-dir-lock.test.ts).
 * - pglite-memory: an in-memory PGlite (tests), empty or restored from `loadDataDir`.
 * `close()` closes the database and then releases the lock.
 * @throws when the database cannot be reached or migrated; DataDirInUseError ("The embedded
 *   database at … is in use by another process. …") when another live process holds the folder.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    let closing = false;
    const changes = await postgresChangeFeed(target.url, (error) => {
      if (!closing) console.warn(`PostgreSQL change feed: ${error.message}`);
    });
    // Every pooled connection listens, so a commit's own notices arrive with it (changes.ts).
    // A connection that cannot be opened within DATABASE_CONNECT_TIMEOUT_MS fails, so a request
    // answers 503 quickly while PostgreSQL is unreachable instead of waiting (docs/operations.md).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      Client: ConnectMarkingClient,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      // Sent as startup parameters, so they hold from a connection's first statement on.
      // node-postgres sends PGOPTIONS (libpq's variable) only when no `options` is given, so it
      // goes after ours: its settings still apply, and win where both set one.
      options: [POOL_SESSION_OPTIONS, process.env.PGOPTIONS].filter(Boolean).join(' '),
      ...(target.statementTimeoutMs && { statement_timeout: target.statementTimeoutMs }),
      ...(target.idleInTransactionTimeoutMs && {
        idle_in_transaction_session_timeout: target.idleInTransactionTimeoutMs,
      }),
      onConnect: (client) => {
        // pg-pool listens for a connection's errors only while it is idle in the pool. One
        // that breaks while checked out but between statements (PostgreSQL ending a transaction
        // left idle, a restart) would otherwise throw an unhandled 'error' and end the process;
        // its holder's next statement fails instead ("not queryable": a 503), and the pool
        // drops it when it is released.
        client.on('error', () => {});
        return changes.listenOn(client);
      },
    });
    // An idle connection can fail (server restart, database dropped); without a listener the
    // error would crash the process. The next query opens a new connection.
    pool.on('error', (error) => {
      if (!closing) console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    const close = async () => {
      closing = true;
      await changes.close();
      await pool.end();
    };
    const db = drizzlePg(pool, { schema, logger: queryLogger(target) }) as unknown as Executor;
    try {
      await migratePostgres(pool);
    } catch (error) {
      await close();
      throw error;
    }
    return { db, kind: 'postgres', changes, close };
  }
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    lock = lockDataDir(target.dataDir);
    // relaxedDurability stays off (the default, spelled out): every query waits until its
    // writes have reached the file system. On Node, PGlite writes the files directly (NODEFS,
    // synchronous writes), so a committed transaction's WAL is in the operating system before
    // the commit returns and survives the process being killed. (PGlite runs with fsync=off and
    // its Node file system cannot fsync, so a power cut or kernel crash is not covered: use
    // PostgreSQL for that.)
    client = new PGlite({
      dataDir: target.dataDir,
      relaxedDurability: false,
      extensions: PGLITE_EXTENSIONS,
    });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: target.loadDataDir });
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, {
      schema,
      logger: queryLogger(target),
    }) as unknown as Executor;
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const changes = await pgliteChangeFeed(client);
    return {
      db,
      kind: 'pglite',
      changes,
      close: async () => {
        try {
          await changes.close();
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    // Do not keep the folder locked for a database that never opened.
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/**
 * An in-memory PGlite with every migration applied, as a dump (PGlite's `dumpDataDir`, an
 * uncompressed tarball of about 40 MB) that `openDatabase({ kind: 'pglite-memory', loadDataDir })`
 * restores. Tests start each database from one (test/harness.ts).
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
