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
