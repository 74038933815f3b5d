import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { jwtSecret: 'x'.repeat(32), dataDir: '/tmp/unused' };

describe('password hashing defaults (docs/decisions/011-password-hashing.md)', () => {
  it('hashes on one thread per core but one, at least one, leaving a core to the event loop', () => {
    const config = loadConfig({}, base);
    expect(config.passwordHashing.concurrency).toBe(Math.max(1, availableParallelism() - 1));
    expect(config.passwordHashing.concurrency).toBeGreaterThanOrEqual(1);
  });

  it('takes PASSWORD_HASH_CONCURRENCY when set, and refuses 0', () => {
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '4' }, base).passwordHashing.concurrency).toBe(
      4,
    );
    expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: '0' }, base)).toThrow(
      /PASSWORD_HASH_CONCURRENCY/,
    );
  });
});

describe('PostgreSQL limits (docs/operations.md "A statement that runs too long")', () => {
  it('default to 30 s per statement and 60 s idle in a transaction; 0 turns either off', () => {
    const config = loadConfig({}, base);
    expect(config.databaseStatementTimeoutMs).toBe(30_000);
    expect(config.databaseIdleInTransactionTimeoutMs).toBe(60_000);
    const off = loadConfig(
      { DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' },
      base,
    );
    expect(off.databaseStatementTimeoutMs).toBe(0);
    expect(off.databaseIdleInTransactionTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, base)).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});
