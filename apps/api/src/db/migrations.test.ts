/**
 * Migrations keep every row. The renaming migration (0005: payments → checkout_sessions,
 * downloads → releases + artifacts, download_events → downloads) is applied to a database that
 * holds data in the earlier shape, and every row must still be there, in its new place. The
 * backfill of 0008 (subscription days as figures) writes what the rows say. 0014 gives buyers
 * from before licenses their license and the seeded plans their seats (docs/licenses.md). 0022
 * marks what the sandbox sold as test data and moves its figures apart (docs/billing.md "Test
 * mode").
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFiguresFromRows } from '../modules/figures/repository.js';
import { MIGRATIONS_FOLDER, type Executor } from './client.js';

/** A copy of the migrations folder as it was up to migration `last`: the journal cut after it. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'flockr-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

let before: string;
let beforeSubscriptionFigures: string;
let beforeLicenses: string;
let beforeAdoptionFigures: string;
let beforeTestMode: string;
beforeAll(async () => {
  before = await migrationsUpTo(4);
  beforeSubscriptionFigures = await migrationsUpTo(7);
  beforeLicenses = await migrationsUpTo(13);
  beforeAdoptionFigures = await migrationsUpTo(14);
  beforeTestMode = await migrationsUpTo(21);
});
afterAll(async () => {
  await rm(before, { recursive: true, force: true });
  await rm(beforeSubscriptionFigures, { recursive: true, force: true });
  await rm(beforeLicenses, { recursive: true, force: true });
  await rm(beforeAdoptionFigures, { recursive: true, force: true });
  await rm(beforeTestMode, { recursive: true, force: true });
});

describe('migration 0005 (releases, artifacts, downloads, checkout sessions)', () => {
  it('keeps every row of the old tables in the new ones', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO users (id, username, email, password_hash)
        VALUES ('11111111-1111-4111-8111-111111111111', 'u1', 'u1@example.com', 'h');
      INSERT INTO plans (id, name, description, monthly_price_minor, yearly_price_minor, features)
        VALUES ('22222222-2222-4222-8222-222222222222', 'PRO', 'd', 1999, 19999, '[]');
      INSERT INTO orders (id, user_id, plan_id, duration_months, amount_minor, currency, expires_at)
        VALUES ('33333333-3333-4333-8333-333333333333', '11111111-1111-4111-8111-111111111111',
                '22222222-2222-4222-8222-222222222222', 1, 1999, 'USD', now());
      INSERT INTO payments (order_id, provider, provider_session_id, payment_url, amount_minor, currency, status)
        VALUES ('33333333-3333-4333-8333-333333333333', 'sandbox', 'sbx_1', 'http://x/1', 1999, 'USD', 'COMPLETED');
      INSERT INTO downloads (id, version, filename, storage_path, download_url, file_size, sha256, release_date, download_count)
        VALUES ('44444444-4444-4444-8444-444444444444', '1.0.0', 'a.zip', 'artifacts/1.0.0/a.zip', NULL, 10, 'ab', '2026-01-01', 2),
               ('55555555-5555-4555-8555-555555555555', '1.1.0', 'b.zip', NULL, 'https://cdn.example/b.zip', 20, NULL, '2026-02-01', 0);
      INSERT INTO download_events (user_id, download_id, link_id)
        VALUES ('11111111-1111-4111-8111-111111111111', '44444444-4444-4444-8444-444444444444', 'l1'),
               ('11111111-1111-4111-8111-111111111111', '44444444-4444-4444-8444-444444444444', 'l2');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const releases = await db.execute(sql`
      select r.id, r.version, r.download_count, a.filename, a.storage_path, a.download_url, a.file_size, a.sha256
      from releases r join artifacts a on a.release_id = r.id order by r.version`);
    expect(releases.rows).toEqual([
      {
        id: '44444444-4444-4444-8444-444444444444',
        version: '1.0.0',
        download_count: 2,
        filename: 'a.zip',
        storage_path: 'artifacts/1.0.0/a.zip',
        download_url: null,
        file_size: 10,
        sha256: 'ab',
      },
      {
        id: '55555555-5555-4555-8555-555555555555',
        version: '1.1.0',
        download_count: 0,
        filename: 'b.zip',
        storage_path: null,
        download_url: 'https://cdn.example/b.zip',
        file_size: 20,
        sha256: null,
      },
    ]);
    const downloads = await db.execute(sql`
      select d.link_id, r.version from downloads d
      join artifacts a on a.id = d.artifact_id join releases r on r.id = a.release_id
      order by d.link_id`);
    expect(downloads.rows).toEqual([
      { link_id: 'l1', version: '1.0.0' },
      { link_id: 'l2', version: '1.0.0' },
    ]);
    const sessions = await db.execute(
      sql`select order_id, provider_session_id, status from checkout_sessions`,
    );
    expect(sessions.rows).toEqual([
      {
        order_id: '33333333-3333-4333-8333-333333333333',
        provider_session_id: 'sbx_1',
        status: 'COMPLETED',
      },
    ]);
    await client.close();
  });
});

describe('migration 0008 (subscription days as figures)', () => {
  it('backfills the subscription figures the rows call for', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: beforeSubscriptionFigures });
    await client.exec(`
      INSERT INTO users (id, username, email, password_hash) VALUES
        ('11111111-1111-4111-8111-111111111111', 'u1', 'u1@example.com', 'h'),
        ('11111111-1111-4111-8111-111111111112', 'u2', 'u2@example.com', 'h'),
        ('11111111-1111-4111-8111-111111111113', 'u3', 'u3@example.com', 'h');
      INSERT INTO plans (id, name, description, monthly_price_minor, yearly_price_minor, features) VALUES
        ('22222222-2222-4222-8222-222222222222', 'PRO', 'd', 1999, 19999, '[]'),
        ('22222222-2222-4222-8222-222222222223', 'PRO+', 'd', 4999, 49999, '[]');
      INSERT INTO subscriptions (user_id, plan_id, started_at, expires_at, cancel_at_period_end) VALUES
        ('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222',
          '2026-01-01T23:30:00Z', '2026-02-01T00:00:00Z', false),
        ('11111111-1111-4111-8111-111111111112', '22222222-2222-4222-8222-222222222223',
          '2026-01-01T00:10:00Z', '2026-02-01T23:59:59Z', true),
        ('11111111-1111-4111-8111-111111111113', '22222222-2222-4222-8222-222222222222',
          '2025-12-31T23:59:59Z', '2027-01-01T00:00:00Z', false);
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const kept = await db.execute<{ name: string; day: string; value: string }>(
      sql`select name, day::text as day, value from figures where name like 'subscriptions\\_%'`,
    );
    const asText = (rows: { name: string; day: string; value: string | number }[]) =>
      rows.map((r) => `${r.name} ${r.day} ${r.value}`).sort();
    const expected = (await computeFiguresFromRows(db as unknown as Executor))
      .filter((f) => f.name.startsWith('subscriptions_'))
      .map((f) => ({ name: f.name, day: f.day, value: f.delta }));
    expect(asText(kept.rows)).toEqual(asText(expected));
    expect(asText(kept.rows)).toEqual([
      'subscriptions_expiring 2026-02-01 2',
      'subscriptions_expiring 2027-01-01 1',
      'subscriptions_expiring:22222222-2222-4222-8222-222222222222 2026-02-01 1',
      'subscriptions_expiring:22222222-2222-4222-8222-222222222222 2027-01-01 1',
      'subscriptions_expiring:22222222-2222-4222-8222-222222222223 2026-02-01 1',
      'subscriptions_expiring_set_to_end 2026-02-01 1',
      'subscriptions_started 2025-12-31 1',
      'subscriptions_started 2026-01-01 2',
    ]);
    await client.close();
  });
});

describe('migration 0014 (licenses)', () => {
  it('gives every subscriber a license from their first paid order, and the plans their seats', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: beforeLicenses });
    await client.exec(`
      INSERT INTO users (id, username, email, password_hash) VALUES
        ('11111111-1111-4111-8111-111111111111', 'u1', 'u1@example.com', 'h'),
        ('11111111-1111-4111-8111-111111111112', 'u2', 'u2@example.com', 'h');
      INSERT INTO plans (id, name, description, monthly_price_minor, yearly_price_minor, features) VALUES
        ('22222222-2222-4222-8222-222222222222', 'PRO', 'd', 1999, 19999, '[]'),
        ('22222222-2222-4222-8222-222222222223', 'PRO+', 'd', 4999, 49999, '[]'),
        ('22222222-2222-4222-8222-222222222224', 'Team', 'd', 9999, 99999, '[]');
      INSERT INTO orders (id, user_id, plan_id, duration_months, amount_minor, currency, expires_at) VALUES
        ('33333333-3333-4333-8333-333333333331', '11111111-1111-4111-8111-111111111111',
          '22222222-2222-4222-8222-222222222222', 1, 1999, 'USD', now()),
        ('33333333-3333-4333-8333-333333333332', '11111111-1111-4111-8111-111111111111',
          '22222222-2222-4222-8222-222222222223', 1, 4999, 'USD', now());
      INSERT INTO subscriptions (id, user_id, plan_id, started_at, expires_at) VALUES
        ('44444444-4444-4444-8444-444444444444', '11111111-1111-4111-8111-111111111111',
          '22222222-2222-4222-8222-222222222223', '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z');
      INSERT INTO subscription_periods (subscription_id, order_id, plan_id, starts_at, ends_at, created_at) VALUES
        ('44444444-4444-4444-8444-444444444444', '33333333-3333-4333-8333-333333333332',
          '22222222-2222-4222-8222-222222222223', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-01-15T00:00:00Z'),
        ('44444444-4444-4444-8444-444444444444', '33333333-3333-4333-8333-333333333331',
          '22222222-2222-4222-8222-222222222222', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const licenses = await db.execute<{
      user_id: string;
      order_id: string;
      key_generation: number;
    }>(sql`select user_id, order_id, key_generation from licenses`);
    expect(licenses.rows).toEqual([
      {
        user_id: '11111111-1111-4111-8111-111111111111',
        order_id: '33333333-3333-4333-8333-333333333331',
        key_generation: 1,
      },
    ]);
    const seats = await db.execute<{ name: string; max_devices: number; codes: string }>(
      sql`select name, max_devices, (select string_agg(e->>'code', ',') from jsonb_array_elements(entitlements) e) as codes from plans order by name`,
    );
    expect(seats.rows).toEqual([
      { name: 'PRO', max_devices: 2, codes: 'TWITTER_ACCOUNTS,DAILY_ACTIONS,EMAIL_SUPPORT' },
      {
        name: 'PRO+',
        max_devices: 5,
        codes:
          'TWITTER_ACCOUNTS,DAILY_ACTIONS,EMAIL_SUPPORT,PRIORITY_SUPPORT,PHONE_SUPPORT,WHITE_LABEL',
      },
      { name: 'Team', max_devices: 1, codes: null },
    ]);
    await client.close();
  });
});

describe('migration 0015 (adoption figures)', () => {
  it('counts the update checks kept before it, each user once per day and platform', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: beforeAdoptionFigures });
    await client.exec(`
      INSERT INTO users (id, username, email, password_hash) VALUES
        ('11111111-1111-4111-8111-111111111111', 'u1', 'u1@example.com', 'h'),
        ('11111111-1111-4111-8111-111111111112', 'u2', 'u2@example.com', 'h');
      INSERT INTO update_checks (day, user_id, platform, arch, current_version, channel, format, last_checked_at) VALUES
        ('2026-11-01', '11111111-1111-4111-8111-111111111111', 'windows', 'x64', '1.0.0', 'stable', 'electron', now()),
        ('2026-11-01', '11111111-1111-4111-8111-111111111111', 'windows', 'arm64', '1.0.0', 'stable', 'electron', now()),
        ('2026-11-01', '11111111-1111-4111-8111-111111111112', 'windows', 'x64', null, 'beta', 'electron', now()),
        ('2026-11-02', '11111111-1111-4111-8111-111111111112', 'windows', 'x64', '1.0.0', 'beta', 'electron', now());
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const days = await db.execute(
      sql`select day::text, platform, version, users from update_check_day_versions order by 1, 3`,
    );
    expect(days.rows).toEqual([
      { day: '2026-11-01', platform: 'windows', version: '', users: 1 },
      { day: '2026-11-01', platform: 'windows', version: '1.0.0', users: 1 },
      { day: '2026-11-02', platform: 'windows', version: '1.0.0', users: 1 },
    ]);
    const users = await db.execute(
      sql`select day::text, users from update_check_day_users order by 1`,
    );
    expect(users.rows).toEqual([
      { day: '2026-11-01', users: 2 },
      { day: '2026-11-02', users: 1 },
    ]);
    // User 2 checked on beta, which is offered stable, rc and beta releases; user 1 on stable.
    const channels = await db.execute(
      sql`select key as channel, day::text, users from update_check_last_seen_days where figure = 'channel' order by 1, 2`,
    );
    expect(channels.rows).toEqual([
      { channel: 'beta', day: '2026-11-02', users: 1 },
      { channel: 'rc', day: '2026-11-02', users: 1 },
      { channel: 'stable', day: '2026-11-01', users: 1 },
      { channel: 'stable', day: '2026-11-02', users: 1 },
    ]);
    const versions = await db.execute(
      sql`select key as version, day::text, users from update_check_last_seen_days where figure = 'version' order by 1, 2`,
    );
    expect(versions.rows).toEqual([
      { version: '', day: '2026-11-01', users: 1 },
      { version: '1.0.0', day: '2026-11-01', users: 1 },
      { version: '1.0.0', day: '2026-11-02', users: 1 },
    ]);
    await client.close();
  });
});

describe('migration 0022 (test mode)', () => {
  it('marks sandbox orders, events and the subscriptions they alone granted as test, and moves their figures apart', async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: beforeTestMode });
    const u = (n: number) => `11111111-1111-4111-8111-11111111111${n}`;
    const o = (n: number) => `33333333-3333-4333-8333-33333333333${n}`;
    const s = (n: number) => `44444444-4444-4444-8444-44444444444${n}`;
    const pro = '22222222-2222-4222-8222-222222222222';
    await client.exec(`
      INSERT INTO users (id, username, email, password_hash) VALUES
        ('${u(1)}', 'sandbox', 'u1@example.com', 'h'),
        ('${u(2)}', 'stripe', 'u2@example.com', 'h'),
        ('${u(3)}', 'both', 'u3@example.com', 'h');
      INSERT INTO plans (id, name, description, monthly_price_minor, yearly_price_minor, features) VALUES
        ('${pro}', 'PRO', 'd', 1999, 19999, '[]');
      -- 1: paid on the sandbox; 2: paid through Stripe; 3: never opened; 4: sandbox, then paid
      -- through Stripe by the buyer of 5, who first paid on the sandbox.
      INSERT INTO orders (id, user_id, plan_id, duration_months, amount_minor, currency, status, expires_at, completed_at) VALUES
        ('${o(1)}', '${u(1)}', '${pro}', 1, 1999, 'USD', 'COMPLETED', now(), '2026-01-05T10:00:00Z'),
        ('${o(2)}', '${u(2)}', '${pro}', 1, 1999, 'USD', 'COMPLETED', now(), '2026-01-06T10:00:00Z'),
        ('${o(3)}', '${u(2)}', '${pro}', 1, 1999, 'USD', 'PENDING', now(), null),
        ('${o(4)}', '${u(3)}', '${pro}', 1, 1999, 'USD', 'COMPLETED', now(), '2026-01-08T10:00:00Z'),
        ('${o(5)}', '${u(3)}', '${pro}', 1, 1999, 'USD', 'COMPLETED', now(), '2026-01-07T10:00:00Z');
      INSERT INTO checkout_sessions (order_id, provider, provider_session_id, payment_url, amount_minor, currency, status) VALUES
        ('${o(1)}', 'sandbox', 'sbx_1', 'u', 1999, 'USD', 'COMPLETED'),
        ('${o(2)}', 'stripe', 'cs_2', 'u', 1999, 'USD', 'COMPLETED'),
        ('${o(4)}', 'sandbox', 'sbx_4', 'u', 1999, 'USD', 'OPEN'),
        ('${o(4)}', 'stripe', 'cs_4', 'u', 1999, 'USD', 'COMPLETED'),
        ('${o(5)}', 'sandbox', 'sbx_5', 'u', 1999, 'USD', 'COMPLETED');
      INSERT INTO payment_events (provider, event_id, type, order_id) VALUES
        ('sandbox', 'evt_1', 'checkout.session.completed', '${o(1)}'),
        ('stripe', 'evt_2', 'checkout.session.completed', '${o(2)}'),
        ('sandbox', 'evt_x', 'checkout.session.completed', null);
      INSERT INTO subscriptions (id, user_id, plan_id, started_at, expires_at) VALUES
        ('${s(1)}', '${u(1)}', '${pro}', '2026-01-05T10:00:00Z', '2026-02-05T10:00:00Z'),
        ('${s(2)}', '${u(2)}', '${pro}', '2026-01-06T10:00:00Z', '2026-02-06T10:00:00Z'),
        ('${s(3)}', '${u(3)}', '${pro}', '2026-01-07T10:00:00Z', '2026-03-07T10:00:00Z');
      INSERT INTO subscription_periods (subscription_id, order_id, plan_id, starts_at, ends_at) VALUES
        ('${s(1)}', '${o(1)}', '${pro}', '2026-01-05T10:00:00Z', '2026-02-05T10:00:00Z'),
        ('${s(2)}', '${o(2)}', '${pro}', '2026-01-06T10:00:00Z', '2026-02-06T10:00:00Z'),
        ('${s(3)}', '${o(5)}', '${pro}', '2026-01-07T10:00:00Z', '2026-02-07T10:00:00Z'),
        ('${s(3)}', '${o(4)}', '${pro}', '2026-02-07T10:00:00Z', '2026-03-07T10:00:00Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const modes = async (table: string, key = 'id::text') =>
      Object.fromEntries(
        (
          await db.execute<{ key: string; livemode: boolean }>(
            sql.raw(`select ${key} as key, livemode from ${table}`),
          )
        ).rows.map((r) => [r.key, r.livemode]),
      );
    expect(await modes('orders')).toEqual({
      [o(1)]: false, // the sandbox only
      [o(2)]: true, // Stripe
      [o(3)]: true, // no provider: as it counted before
      [o(4)]: true, // opened on the sandbox, paid through Stripe
      [o(5)]: false,
    });
    expect(await modes('payment_events', 'event_id')).toEqual({
      evt_1: false,
      evt_2: true,
      evt_x: false,
    });
    expect(await modes('subscriptions')).toEqual({ [s(1)]: false, [s(2)]: true, [s(3)]: true });

    // Every figure equals a recount of the rows, the test ones under `test:`.
    const kept = await db.execute<{ name: string; day: string; value: string }>(
      sql`select name, day::text as day, value from figures where value <> 0`,
    );
    const asText = (rows: { name: string; day: string; value: string | number }[]) =>
      rows.map((r) => `${r.name} ${r.day} ${r.value}`).sort();
    const recount = (await computeFiguresFromRows(db as unknown as Executor)).map((f) => ({
      name: f.name,
      day: f.day,
      value: f.delta,
    }));
    expect(asText(kept.rows)).toEqual(asText(recount));
    expect(asText(kept.rows.filter((r) => r.name.startsWith('revenue_minor:USD:')))).toEqual([
      `revenue_minor:USD:${pro} 2026-01-06 1999`,
      `revenue_minor:USD:${pro} 2026-01-08 1999`,
    ]);
    expect(asText(kept.rows.filter((r) => r.name.startsWith('test:revenue_minor:USD:')))).toEqual([
      `test:revenue_minor:USD:${pro} 2026-01-05 1999`,
      `test:revenue_minor:USD:${pro} 2026-01-07 1999`,
    ]);
    expect(
      asText(kept.rows.filter((r) => r.name.startsWith('test:subscriptions_started'))),
    ).toEqual(['test:subscriptions_started 2026-01-05 1']);
    await client.close();
  });
});
