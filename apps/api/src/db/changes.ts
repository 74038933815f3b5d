/**
 * Change notices between instances (docs/architecture.md "Caches"). A service that changes data
 * some instance keeps in memory (the plan catalogue) publishes a topic inside its transaction;
 * PostgreSQL delivers it with `NOTIFY` to every instance's listening connection when, and only
 * when, the transaction commits. Each instance drops what it kept for that topic.
 *
 * When the listening connection breaks, notices may have been missed: subscribers get `null`
 * ("forget everything") at once and again when it is back, so a cache is never trusted across a
 * gap. The embedded database serves one process, whose services clear their own caches, so its
 * feed never delivers anything.
 */
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

/** The feed of a single process (embedded database, tests): publishing sends nothing. */
export function localChangeFeed(): ChangeFeed {
  const listeners = new Listeners();
  return {
    publish: async () => {},
    subscribe: (listener) => listeners.add(listener),
    close: async () => {},
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
): Promise<ChangeFeed> {
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
    close: async () => {
      closed = true;
      const current = client;
      client = undefined;
      current?.removeAllListeners('end');
      await current?.end().catch(() => {});
    },
  };
}
