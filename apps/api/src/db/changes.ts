/**
 * Change notices between instances (docs/architecture.md "Caches"). A service that changes data
 * some instance keeps in memory (the plan catalogue) publishes a topic inside its transaction;
 * PostgreSQL delivers it with `NOTIFY` to every instance's listening connection when, and only
 * when, the transaction commits. Each instance drops what it kept for that topic.
 *
 * Besides the topics services publish, the database itself sends `account:<user id>` from
 * triggers whenever a user, a session, a subscription or a period changes (migration
 * 0009_account_notices; read by modules/accounts/session-cache.ts).
 *
 * The instance that changed something hears its own notice before its commit returns: every
 * pooled connection listens too (`listenOn`), and PostgreSQL sends a session its own notices just
 * before the ReadyForQuery that ends the COMMIT; PGlite calls its listeners while it reads that
 * answer. So a change is in force on its own instance for the very next request, and on the
 * others once the notice arrives.
 *
 * When the dedicated listening connection breaks, notices may have been missed: subscribers get
 * `null` ("forget everything") at once and again when it is back, so a cache is never trusted
 * across a gap.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pRetry from 'p-retry';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** The PostgreSQL channel every notice goes through; the payload is the topic. */
export const CHANGES_CHANNEL = 'flockr_changes';

/** A subscriber: called with a topic, or `null` when notices may have been missed. */
export type ChangeListener = (topic: string | null) => void;

/** Publishes and delivers change notices. */
export interface ChangeFeed {
  /** Publishes `topic` through `db` (inside the caller's transaction: sent on commit). */
  publish(db: Executor, topic: string): Promise<void>;
  /** Calls `listener` for every notice; returns a function that stops it. */
  subscribe(listener: ChangeListener): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

/** Listeners of one feed. */
class Listeners {
  private readonly set = new Set<ChangeListener>();
  add(listener: ChangeListener): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(topic: string | null): void {
    for (const listener of this.set) listener(topic);
  }
}

/** `pg_notify` inside the caller's transaction. */
async function notify(db: Executor, topic: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`);
}

/** A feed over PostgreSQL that can also hear notices on the pool's own connections. */
export interface PostgresChangeFeed extends ChangeFeed {
  /** Makes pooled connection `client` listen too (pg-pool `onConnect`), so its own commits' notices arrive with them. */
  listenOn(client: pg.ClientBase): Promise<void>;
}

/** A feed that delivers nothing and publishes nothing (an app built without a database's feed). */
export function localChangeFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    publish: async () => {},
    subscribe: (listener) => listeners.add(listener),
    close: async () => {},
  };
}

/** The feed of an embedded database: PGlite's own `LISTEN`, in the one process it serves. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const listeners = new Listeners();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => listeners.emit(payload));
  return {
    publish: notify,
    subscribe: (listener) => listeners.add(listener),
    close: () => unlisten(),
  };
}

/**
 * The feed of a PostgreSQL server at `url`: one dedicated connection runs `LISTEN`; when it
 * breaks, subscribers hear `null` and it reconnects (exponential back-off, p-retry) until
 * `close()`. `onError` is told about each failed attempt.
 */
export async function postgresChangeFeed(
  url: string,
  onError: (error: Error) => void = () => {},
): Promise<PostgresChangeFeed> {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) listeners.emit(message.payload ?? null);
    });
    next.on('error', (error) => {
      onError(error);
      void reconnect(next);
    });
    next.on('end', () => void reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    client = next;
  };

  /** Drops caches and connects again, unless closing or another reconnect already replaced `broken`. */
  const reconnect = async (broken: pg.Client): Promise<void> => {
    if (closed || client !== broken) return;
    client = undefined;
    listeners.emit(null);
    broken.removeAllListeners('end');
    await broken.end().catch(() => {});
    await pRetry(
      async () => {
        if (closed) return;
        await connect();
      },
      {
        retries: Number.POSITIVE_INFINITY,
        minTimeout: 100,
        maxTimeout: 5_000,
        shouldRetry: () => !closed,
        onFailedAttempt: ({ error }) => onError(error),
      },
    ).catch(() => {});
    // Anything published while the connection was down was missed.
    if (!closed) listeners.emit(null);
  };

  await connect();
  return {
    publish: notify,
    subscribe: (listener) => listeners.add(listener),
    listenOn: async (pooled) => {
      pooled.on('notification', (message) => {
        if (message.channel === CHANGES_CHANNEL) listeners.emit(message.payload ?? null);
      });
      await pooled.query(`LISTEN ${CHANGES_CHANNEL}`);
    },
    close: async () => {
      closed = true;
      const current = client;
      client = undefined;
      current?.removeAllListeners('end');
      await current?.end().catch(() => {});
    },
  };
}
