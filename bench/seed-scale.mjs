#!/usr/bin/env node
/**
 * Fills a PostgreSQL database with a business's worth of data, in minutes:
 *   npm run bench:seed -- --url postgres://postgres@127.0.0.1:5432/flockr_scale \
 *     [--users 1000000] [--orders 5000000]
 * The database is created when missing, migrated and seeded as the server would, then filled in
 * bulk with generate_series (no row-by-row inserts): users over three years (a few suspended or
 * inactive), orders in every status over three years with their checkout sessions and payment
 * events, for every buyer a subscription with one prepaid period per completed order (some
 * active, most lapsed) and a license (devices on half of them), and 30 days of update checks
 * from one user in five.
 * Every user's password is `Bench!Passw0rd`; `user1@example.com` … are their e-mails. Run it on an
 * empty database: it refuses one that already holds more than the seed.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.DATABASE_URL },
    users: { type: 'string', default: '1000000' },
    orders: { type: 'string', default: '5000000' },
  },
});
if (!values.url) {
  console.error('Give the database: --url postgres://… (or DATABASE_URL)');
  process.exit(2);
}
const USERS = Number(values.users);
const ORDERS = Number(values.orders);
const api = path.resolve(import.meta.dirname, '../apps/api/dist');

/** Creates the database of `url` when it does not exist. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  await client.end();
}

const started = performance.now();
const step = async (label, sql, client) => {
  const t = performance.now();
  const res = await client.query(sql);
  console.log(
    `${label.padEnd(44)} ${String(res.rowCount ?? '').padStart(9)} rows  ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
};

/**
 * The tables the seed fills in bulk. Their secondary indexes would otherwise be kept up to date
 * row by row as millions of rows go in (the orders alone took 11 of the seed's 19 minutes);
 * built once over the finished table, each is one sort.
 */
const BULK_TABLES = [
  'users',
  'orders',
  'checkout_sessions',
  'subscriptions',
  'subscription_periods',
  'payment_events',
  'licenses',
  'license_devices',
  'update_checks',
];

/**
 * Drops the indexes of `tables` that no constraint owns (primary keys and unique constraints
 * stay, so the rows are still checked against them) and returns their names and definitions as
 * PostgreSQL prints them (`pg_get_indexdef`), partial and expression indexes included.
 */
async function dropSecondaryIndexes(client, tables) {
  const { rows } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relnamespace = 'public'::regnamespace and t.relname = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by 1`,
    [tables],
  );
  for (const { name } of rows) await client.query(`drop index ${name}`);
  console.log(`${'secondary indexes dropped'.padEnd(44)} ${String(rows.length).padStart(9)}`);
  return rows;
}

/** Builds again the indexes {@link dropSecondaryIndexes} dropped, from their definitions. */
async function rebuildIndexes(client, indexes) {
  for (const { name, definition } of indexes) await step(`index ${name}`, definition, client);
}

await ensureDatabase(values.url);
const { openDatabase } = await import(path.join(api, 'db/client.js'));
const { seed } = await import(path.join(api, 'seed/seed.js'));
const { PasswordHasher, OWASP_ARGON2ID } = await import(path.join(api, 'lib/password.js'));
const database = await openDatabase({ kind: 'postgres', url: values.url });
await seed(database.db, {
  dataDir: path.resolve(import.meta.dirname, '../data'),
  productName: 'Flockr',
});
await database.close();

const client = new pg.Client({ connectionString: values.url });
await client.connect();
const { rows } = await client.query('select count(*)::int n from users');
if (rows[0].n > 10) {
  console.error(`The database already holds ${rows[0].n} users: use an empty one.`);
  process.exit(1);
}
// One argon2id hash at the product's cost, shared by every user (logins verify it for real).
const hash = await new PasswordHasher({ ...OWASP_ARGON2ID, concurrency: 1, queueLimit: 1 }).hash(
  'Bench!Passw0rd',
);
await client.query('set synchronous_commit = off');
// Bulk rows skip the triggers that notify running instances of account changes (migration
// 0009_account_notices): nobody has anything cached from an empty database, and millions of
// notices would only fill the queue. This skips foreign-key checks too, which the generated rows
// satisfy by construction. (Needs a superuser, as the bench's local PostgreSQL is.)
await client.query("set session_replication_role = 'replica'");
await client.query("set work_mem = '256MB'");
await client.query("set maintenance_work_mem = '1GB'");
// The bulk tables' secondary indexes are dropped here and built again, once each, at the end.
const deferredIndexes = await dropSecondaryIndexes(client, BULK_TABLES);

await step(
  `users (${USERS})`,
  `insert into users (username, email, password_hash, role, status, country, notifications_enabled,
      marketing_emails, email_verified_at, created_at, updated_at)
   select 'user' || g, 'user' || g || '@example.com', '${hash}', 'USER',
     (case when g % 97 = 0 then 'SUSPENDED' when g % 89 = 0 then 'INACTIVE' else 'ACTIVE' end)::user_status,
     (array['US','GB','CA','DE','FR','TR','JP','AU','BR','IN'])[1 + g % 10],
     g % 3 <> 0, g % 4 = 0,
     now() - make_interval(days => (g % 1095)),
     now() - make_interval(days => (g % 1095), secs => g % 86400),
     now() - make_interval(days => (g % 1095))
   from generate_series(1, ${USERS}) g`,
  client,
);
await step(
  'numbered users (temporary)',
  'create temporary table u as select id, row_number() over (order by created_at, id) rn from users',
  client,
);
await client.query('create index on u (rn)');
await client.query('analyze u');
await step(
  'plans (temporary)',
  `create temporary table p as
     select id, monthly_price_minor m, yearly_price_minor y, row_number() over (order by sort_order) rn
     from plans where monthly_price_minor > 0`,
  client,
);

// Orders: buyer = a user spread by a stride (each user gets ORDERS / USERS orders), plan PRO or
// PRO+, monthly or yearly, placed over three years; status mixed per user: 62% COMPLETED,
// 18% EXPIRED, 8% FAILED, 4% REFUNDED, 3% CANCELLED, 5% PENDING (those past their 24 hours
// then EXPIRED, below).
await step(
  `orders (${ORDERS})`,
  `insert into orders (user_id, plan_id, duration_months, amount_minor, currency, status,
      created_at, expires_at, completed_at, updated_at)
   select u.id, p.id, d.months, case when d.months = 12 then p.y else p.m end, 'USD', s.status,
     o.placed, o.placed + interval '24 hours',
     case when s.status in ('COMPLETED', 'REFUNDED') then o.placed + interval '3 minutes' end, o.placed
   from generate_series(1, ${ORDERS}) g
   cross join lateral (select now() - make_interval(secs => ((g::bigint * 7919) % (1095 * 86400))) placed) o
   join u on u.rn = 1 + ((g::bigint * 104729) % ${USERS})
   join p on p.rn = 1 + (g % 2)
   cross join lateral (select case when g % 5 = 0 then 12 else 1 end months) d
   cross join lateral (select (g * 37 + g / ${USERS} * 53) % 100 k) r
   cross join lateral (select (case
       when r.k < 62 then 'COMPLETED' when r.k < 80 then 'EXPIRED'
       when r.k < 88 then 'FAILED' when r.k < 92 then 'REFUNDED'
       when r.k < 95 then 'CANCELLED' else 'PENDING' end)::order_status status) s`,
  client,
);
// Recent PENDING orders are still payable; older ones the order-expiry job (billing/jobs.ts)
// has expired at their 24 hours, as it does in a running business (left PENDING, 230,000 of
// them kept every server started on the data set expiring 500 a minute for hours).
await step(
  'payable pending orders',
  `update orders set expires_at = now() + interval '20 hours'
   where status = 'PENDING' and created_at > now() - interval '2 days'`,
  client,
);
await step(
  'lapsed pending orders expired',
  `update orders set status = 'EXPIRED', updated_at = expires_at
   where status = 'PENDING' and expires_at <= now()`,
  client,
);
await step(
  'checkout sessions',
  `insert into checkout_sessions (order_id, provider, provider_session_id, status, payment_url,
      provider_payment_id, amount_minor, currency, created_at, completed_at)
   select o.id, 'sandbox', 'sbx_' || replace(o.id::text, '-', ''),
     (case o.status when 'COMPLETED' then 'COMPLETED' when 'REFUNDED' then 'COMPLETED'
       when 'PENDING' then 'OPEN' when 'EXPIRED' then 'EXPIRED' else 'FAILED' end)::checkout_session_status,
     'http://localhost:3000/sandbox/checkout/sbx_' || replace(o.id::text, '-', ''),
     case when o.completed_at is not null then 'pi_' || left(md5(o.id::text), 24) end,
     o.amount_minor, o.currency, o.created_at + interval '5 seconds', o.completed_at
   from orders o`,
  client,
);
await step(
  'subscriptions (one per buyer)',
  `insert into subscriptions (user_id, plan_id, started_at, expires_at, cancel_at_period_end, created_at, updated_at)
   select distinct on (o.user_id) o.user_id, o.plan_id, o.completed_at,
     o.completed_at + make_interval(months => o.duration_months), (hashtext(o.user_id::text) % 7 = 0),
     o.completed_at, o.completed_at
   from orders o where o.status = 'COMPLETED'
   order by o.user_id, o.completed_at desc`,
  client,
);
await step(
  'subscription periods (one per completed order)',
  `insert into subscription_periods (subscription_id, order_id, plan_id, starts_at, ends_at, created_at)
   select s.id, o.id, o.plan_id, o.completed_at,
     o.completed_at + make_interval(months => o.duration_months), o.completed_at
   from orders o join subscriptions s on s.user_id = o.user_id
   where o.status = 'COMPLETED'`,
  client,
);
await step(
  'refunded periods',
  `insert into subscription_periods (subscription_id, order_id, plan_id, starts_at, ends_at, revoked_at, created_at)
   select s.id, o.id, o.plan_id, o.completed_at, o.completed_at + interval '1 day',
     o.completed_at + interval '1 day', o.completed_at
   from orders o join subscriptions s on s.user_id = o.user_id
   where o.status = 'REFUNDED'`,
  client,
);
// What the reminders job (modules/subscriptions/reminders.ts) would have sent by now to the
// subscriptions still in a reminder's window: without them the first minutes of every server
// started on the data set would go to sending thousands of reminders at once. A claim holds the
// end to the millisecond, as the server reads it.
await step(
  'expiry reminders already sent',
  `insert into subscription_reminders (subscription_id, kind, period_end, sent_at)
   select s.id, r.kind, date_trunc('milliseconds', s.expires_at), s.expires_at + r.opens
   from subscriptions s join users u on u.id = s.user_id
   cross join (values ('7d', interval '-7 days'), ('1d', interval '-1 day'), ('expired', interval '0'))
     r(kind, opens)
   where not s.cancel_at_period_end and u.notifications_enabled and u.deleted_at is null
     and s.expires_at > now() - interval '2 days' and s.expires_at + r.opens <= now()`,
  client,
);
await seedPaymentEvents(client);
await seedPrograms(client);
await rebuildIndexes(client, deferredIndexes);
await client.end();

// The rows went in with the triggers off (replica), so the business figures are recounted once.
const { rebuildFigures } = await import(path.join(api, 'modules/figures/service.js'));
const figures = await openDatabase({ kind: 'postgres', url: values.url });
const t = performance.now();
await rebuildFigures(figures.db);
await figures.close();
console.log(
  `${'business figures'.padEnd(44)} ${''.padStart(9)} rows  ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

const last = new pg.Client({ connectionString: values.url });
await last.connect();
await step('vacuum analyze', 'vacuum analyze', last);
await last.end();
console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);

/**
 * What the desktop program leaves behind at that size (docs/licenses.md, docs/updates.md): a
 * license for every buyer (from the order of their first paid period, as migration 0014 gives
 * buyers from before licenses), devices on half of them (a second on one in five, one in ten
 * deactivated by their owner, those not seen for 30 days by the timeout job), and 30 UTC days of update checks from one user in five: each such user checks on
 * about two days in three, from one of three platforms, reporting one of the published versions
 * (newer ones more often in recent days).
 */
async function seedPrograms(client) {
  await step(
    'licenses (one per buyer)',
    `insert into licenses (user_id, order_id, created_at, updated_at)
     select distinct on (s.id) s.user_id, p.order_id, s.created_at, s.created_at
     from subscriptions s join subscription_periods p on p.subscription_id = s.id
     order by s.id, p.created_at, p.id`,
    client,
  );
  await step(
    'license devices',
    `insert into license_devices (license_id, fingerprint, name, platform, hostname, app_version,
        activated_at, last_seen_at, deactivated_at, deactivation_reason, created_at)
     select l.id, md5(l.id::text || d.n), 'Desk ' || d.n,
       (array['windows','macos','linux'])[1 + abs(hashtext(l.id::text)) % 3], 'host-' || d.n, '1.0.0',
       l.created_at, now() - make_interval(hours => s.hours),
       case when s.owner then now() - interval '3 days'
         when s.hours >= 720 then now() - make_interval(hours => s.hours - 720) end,
       case when s.owner then 'owner' when s.hours >= 720 then 'timeout' end,
       l.created_at
     from licenses l
     cross join lateral (select n from generate_series(1, 2) n
       where n = 1 and abs(hashtext(l.id::text)) % 2 = 0
          or n = 2 and abs(hashtext(l.id::text)) % 5 = 0) d
     -- Hours since last seen (up to 83 days); past LICENSE_DEVICE_TIMEOUT (30 days, 720 h) the
     -- device lost its seat 30 days after it was last seen, as the server's job does.
     cross join lateral (select abs(hashtext(l.id::text || d.n)) % 2000 as hours,
       abs(hashtext(l.id::text || 'x' || d.n)) % 10 = 0 as owner) s`,
    client,
  );
  await step(
    'published versions (temporary)',
    `create temporary table v as
       select version, row_number() over (order by published_at, version) rn, count(*) over () n
       from releases where published_at is not null and channel = 'stable'`,
    client,
  );
  await step(
    'update checks (30 days)',
    `insert into update_checks (day, user_id, platform, arch, current_version, channel, format,
        checks, last_checked_at)
     select (now() at time zone 'utc')::date - d.day, u.id, pl.platform,
       case when pl.platform = 'macos' then 'arm64' else 'x64' end, v.version, 'stable', 'electron',
       1 + (u.rn + d.day) % 5, (now() at time zone 'utc')::date - d.day + interval '9 hours'
     from u
     cross join generate_series(0, 29) d(day)
     cross join lateral (select (array['windows','macos','linux'])[1 + u.rn % 3] platform) pl
     join v on v.rn = greatest(1, v.n - ((u.rn + d.day) % 7) / 3 - d.day / 10)
     where u.rn % 5 = 0 and (u.rn + d.day) % 3 <> 0`,
    client,
  );
  // The rows went in around the trigger that keeps the adoption figures (migration 0015).
  await step('adoption figures', 'select flockr_rebuild_update_check_figures()', client);
}

/**
 * The provider events those payments left (docs/payments.md): one per completed, refunded or
 * failed order, as the sandbox's webhooks record them, plus the refunds and a few events that
 * named no order of ours.
 */
async function seedPaymentEvents(client) {
  await step(
    'payment events',
    `insert into payment_events (provider, event_id, type, order_id, outcome, reference, received_at)
     select 'sandbox', 'evt_' || replace(o.id::text, '-', ''),
       case when o.status = 'FAILED' then 'checkout.session.failed' else 'checkout.session.completed' end,
       o.id, case when o.status = 'FAILED' then 'failed' else 'fulfilled' end, o.id::text,
       coalesce(o.completed_at, o.created_at + interval '3 minutes')
     from orders o where o.status in ('COMPLETED', 'REFUNDED', 'FAILED')
     union all
     select 'sandbox', 'evt_r' || replace(o.id::text, '-', ''), 'charge.refunded', o.id, 'refunded',
       o.id::text, o.completed_at + interval '1 day'
     from orders o where o.status = 'REFUNDED'
     union all
     select 'sandbox', 'evt_u' || g, 'checkout.session.completed', null, 'unmatched', 'sbx_unknown' || g,
       now() - make_interval(days => g)
     from generate_series(1, 50) g`,
    client,
  );
}
