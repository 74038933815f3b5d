import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startWarnings } from './config.js';

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

describe('test mode (docs/billing.md "Test mode")', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env, base);
    } catch (error) {
      if (error instanceof ConfigError) return error.issues;
      throw error;
    }
    return [];
  };

  it('refuses production on the sandbox, the default, naming what to set and the opt-in', () => {
    for (const env of [
      { NODE_ENV: 'production' } as Record<string, string>,
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
      { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'false' },
    ]) {
      const [problem, ...others] = problems(env);
      expect(others).toEqual([]);
      expect(problem).toContain('PAYMENT_PROVIDER=stripe');
      expect(problem).toContain('STRIPE_SECRET_KEY');
      expect(problem).toContain('STRIPE_WEBHOOK_SECRET');
      expect(problem).toContain('ALLOW_SANDBOX_IN_PRODUCTION=true');
    }
    // Listed with the other problems, not instead of them.
    expect(problems({ NODE_ENV: 'production', ADMIN_EMAIL: 'a@example.com' })).toHaveLength(2);
  });

  it('lets production run the sandbox when the operator opts in, in test mode with a warning', () => {
    const config = loadConfig(
      { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' },
      base,
    );
    expect(config).toMatchObject({
      paymentProvider: 'sandbox',
      paymentsMode: 'test',
      allowSandboxInProduction: true,
    });
    expect(startWarnings(config)).toEqual([expect.stringContaining('sandbox')]);
    expect(() => loadConfig({ ALLOW_SANDBOX_IN_PRODUCTION: 'maybe' }, base)).toThrow(
      /ALLOW_SANDBOX_IN_PRODUCTION/,
    );
  });

  it('is test mode on the sandbox and with Stripe test keys (sk_test_, rk_test_), live with a live key', () => {
    const stripe = (key: string, env: Record<string, string> = {}) =>
      loadConfig(
        {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: key,
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          ...env,
        },
        base,
      );
    expect(loadConfig({}, base).paymentsMode).toBe('test');
    expect(stripe('sk_test_abc').paymentsMode).toBe('test');
    expect(stripe('rk_test_abc').paymentsMode).toBe('test');
    expect(stripe('sk_live_abc').paymentsMode).toBe('live');
    expect(stripe('rk_live_abc').paymentsMode).toBe('live');
    // Production with a test key starts, with a warning at start; with a live key, none.
    expect(startWarnings(stripe('sk_test_abc', { NODE_ENV: 'production' }))).toEqual([
      expect.stringContaining('Stripe test keys in production'),
    ]);
    expect(startWarnings(stripe('sk_live_abc', { NODE_ENV: 'production' }))).toEqual([]);
    expect(startWarnings(stripe('sk_test_abc'))).toEqual([]); // not production
  });
});
