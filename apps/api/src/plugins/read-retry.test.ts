/**
 * A read whose database connection broke under it runs again on another connection
 * (lib/read-rerun.ts, from the access guard and plugins/route.ts; docs/operations.md, "PostgreSQL
 * unreachable"), and the errors behind it are told apart (lib/db-errors.ts `connectionFailure`):
 * a dropped connection is retried, a database that cannot be reached is not (its 503 must stay
 * prompt), and SQLSTATE 55000 is a failure only when raised while connecting.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFailure, isConnectionError, markConnecting } from '../lib/db-errors.js';
import { createHarness, subscribedUser, testDbKind, type Harness } from '../test/harness.js';

/** An Error with a `code`, as node and node-postgres make them. */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('connectionFailure', () => {
  it.each([
    ['a reset socket', coded('ECONNRESET')],
    ['a terminated backend (57P01 admin_shutdown)', coded('57P01', 'terminating connection')],
    ['a crashed server (57P02)', coded('57P02')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a wrapped loss', new Error('query failed', { cause: coded('EPIPE') })],
  ])('%s is a dropped connection', (_, error) => {
    expect(connectionFailure(error)).toBe('dropped');
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a refused connection to every address', new AggregateError([coded('ECONNREFUSED')])],
    ['a connect timeout of pg-pool', new Error('timeout exceeded when trying to connect')],
    [
      'a connect timeout of node-postgres',
      new Error('Connection terminated due to connection timeout'),
    ],
    ['a server starting up (57P03)', coded('57P03')],
    ['a connection exception (class 08)', coded('08006')],
    ['a server at its connection limit (53300)', coded('53300', 'sorry, too many clients already')],
    [
      'a database refusing connections (55000 at connect)',
      markConnecting(coded('55000', 'database "x" is not currently accepting connections')),
    ],
    [
      'a wrapped refusal at connect',
      new Error('Failed query: select 1', { cause: markConnecting(coded('55000')) }),
    ],
  ])('%s is an unreachable database', (_, error) => {
    expect(connectionFailure(error)).toBe('unreachable');
  });

  it.each([
    ['a unique violation', coded('23505')],
    // raised by a statement on an open connection (currval before nextval): a bug, a 500
    ['55000 raised by a statement', coded('55000', 'currval of sequence "s" is not yet defined')],
    ['another error raised at connect (28P01 bad password)', markConnecting(coded('28P01'))],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNRESET'],
  ])('%s is not a connection failure', (_, error) => {
    expect(connectionFailure(error)).toBeUndefined();
    expect(isConnectionError(error)).toBe(false);
  });
});

if (testDbKind() === 'postgres')
  describe('reads while PostgreSQL terminates the connections under them', () => {
    let h: Harness;
    let admin: pg.Client;
    beforeAll(async () => {
      h = await createHarness();
      admin = new pg.Client({ connectionString: h.databaseUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await h?.close();
    });

    it('every GET is answered 200: a read hit by a terminated backend runs again', async () => {
      const user = await subscribedUser(h.app);
      let running = true;
      const statuses = new Map<number, number>();
      const reader = async () => {
        while (running) {
          const res = await h.app.inject({
            method: 'GET',
            url: '/api/v1/subscriptions/my-subscriptions',
            headers: user.headers,
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      };
      const readers = Promise.all(Array.from({ length: 6 }, reader));
      // As a restart or a failover does, every backend of the app's pool, busy or idle, is
      // terminated at once; again every 250 ms (a retried read is long done by then) until three
      // were terminated in the middle of a query, or 60 s (a few seconds on a quiet machine; on a
      // busy one the backends are idle more of the time, so a sweep catches fewer mid-query).
      let midQuery = 0;
      const until = Date.now() + 60_000;
      while (midQuery < 3 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const rows = await admin.query<{ ok: boolean; active: boolean }>(
          `select pg_terminate_backend(pid) as ok, state = 'active' as active
             from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()
              and backend_type = 'client backend'`,
        );
        midQuery += rows.rows.filter((r) => r.ok && r.active).length;
      }
      running = false;
      await readers;
      expect(midQuery, 'backends terminated in the middle of a query').toBeGreaterThanOrEqual(3);
      expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
    }, 90_000);
  });
