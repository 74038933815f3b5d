/**
 * `npm run figures -- check|rebuild` (cli/figures.ts), run as a child process (its TypeScript
 * through tsx) on a database of its own (embedded under a temporary DATA_DIR in api-pglite, a new
 * PostgreSQL database in api-postgres), where rows went in with the triggers off as the bulk
 * seeder loads them (accounts, and update checks): check lists what is wrong and exits 1, rebuild
 * corrects it, check then exits 0; usage errors exit 2.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { runCli } from '../test/cli.js';
import { createTestDatabase, testDbKind } from '../test/harness.js';

let tmp: string;
/** The database the command is given: DATABASE_URL, or '' for PGlite under `tmp`/data. */
let databaseUrl = '';
let dropDatabase = async () => {};

/** Runs `npm run figures -- ...args` on the test's database. */
const figures = (args: string[]) =>
  runCli('figures', args, { DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: databaseUrl });

// Real processes start through tsx: 10-20 s each on a busy 2-core machine.
describe('npm run figures', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-figures-cli-'));
    if (testDbKind() === 'postgres') {
      const created = await createTestDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    const database = await openDatabase(
      databaseUrl
        ? { kind: 'postgres', url: databaseUrl }
        : { kind: 'pglite', dataDir: path.join(tmp, 'data', 'pglite') },
    );
    try {
      // Three accounts with the triggers on, two more loaded with them off.
      await database.db.execute(sql`
          insert into users (username, email, password_hash, created_at) values
            ('on1', 'on1@example.com', 'x', '2026-01-02T10:00:00Z'),
            ('on2', 'on2@example.com', 'x', '2026-01-02T11:00:00Z'),
            ('on3', 'on3@example.com', 'x', '2026-01-03T11:00:00Z')`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = 'replica'`);
        await tx.execute(sql`
            insert into users (username, email, password_hash, created_at) values
              ('off1', 'off1@example.com', 'x', '2026-01-02T12:00:00Z'),
              ('off2', 'off2@example.com', 'x', '2026-01-04T12:00:00Z')`);
      });
      // One update check with the trigger on, one of another user (a beta updater, on a newer
      // version) with it off.
      const check = (username: string, version: string, channel: string) => sql`
          insert into update_checks (day, user_id, platform, arch, current_version, channel, format,
            last_checked_at)
          select '2026-01-02', id, 'windows', 'x64', ${version}, ${channel}, 'electron',
            '2026-01-02T12:00:00Z'
          from users where username = ${username}`;
      await database.db.execute(check('on1', '1.0.0', 'stable'));
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = 'replica'`);
        await tx.execute(check('on2', '1.1.0', 'beta'));
      });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await dropDatabase();
    await rm(tmp, { recursive: true, force: true });
  });

  it('check lists the figures the rows disagree with, rebuild corrects them, check passes', async () => {
    const before = await figures(['check']);
    expect(before.stderr).toBe('');
    expect(before.code).toBe(1);
    expect(before.stdout).toContain('2 business figures differ from the rows:');
    expect(before.stdout).toContain('  signups 2026-01-02: kept 2, rows say 3');
    expect(before.stdout).toContain('  signups 2026-01-04: kept 0, rows say 1');
    // Users that day and on 1.1.0; the per-user "last seen" rows the trigger did not write, with
    // 1.1.0 and on each channel a beta updater is offered (stable, rc, beta).
    expect(before.stdout).toContain('6 adoption figures differ from the update checks:');
    for (const line of [
      '  update_users:windows 2026-01-02: kept 1, rows say 2',
      '  update_users:windows:1.1.0 2026-01-02: kept 0, rows say 1',
      '  update_last_seen_rows:version:1.1.0 2026-01-02: kept 0, rows say 1',
      '  update_last_seen_rows:channel:stable 2026-01-02: kept 1, rows say 2',
      '  update_last_seen_rows:channel:rc 2026-01-02: kept 0, rows say 1',
      '  update_last_seen_rows:channel:beta 2026-01-02: kept 0, rows say 1',
    ]) {
      expect(before.stdout).toContain(line);
    }

    const rebuilt = await figures(['rebuild']);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toContain('Rebuilt the business figures: 2 corrected.');
    expect(rebuilt.stdout).toContain('  signups 2026-01-02: kept 2, rows say 3');
    expect(rebuilt.stdout).toContain('Rebuilt the adoption figures: 6 corrected.');

    const after = await figures(['check']);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('Every business figure equals what the rows say.');
    expect(after.stdout).toContain('Every adoption figure equals what the update checks say.');
  });

  it('exits 2 with the usage for anything else', async () => {
    for (const args of [[], ['fix'], ['check', '--all']]) {
      const res = await figures(args);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('Usage: npm run figures -- check|rebuild');
    }
  });
});
