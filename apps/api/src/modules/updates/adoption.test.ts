/**
 * The adoption charts (docs/updates.md "Adoption"): users per day, platform and version; the
 * share on the newest stable release per platform; how far each rollout reached; read from the
 * figures the trigger of `update_checks` keeps (migration 0015), which must equal those recomputed
 * from every check.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptionResponseSchema } from '@flockr/contract';
import { rowsOf } from '../../db/client.js';
import { artifacts, releases, updateChecks, users } from '../../db/schema.js';
import { updateUser } from '../accounts/repository.js';
import { createHarness, registerUser, testDbKind, type Harness } from '../../test/harness.js';
import { holdTransaction } from '../../test/held-transaction.js';
import {
  usersOnChannelQuery,
  usersOnVersion,
  usersOnVersionQuery,
  usersPerVersion,
  usersPerVersionQuery,
  versionsPerDay,
  versionsPerDayQuery,
} from './adoption.repository.js';
import { upsertUpdateChecks } from './repository.js';
import { adoptionFigureDifferences, rebuildAdoptionFigures, utcDay } from './adoption.js';

let h: Harness;
let admin: Awaited<ReturnType<typeof registerUser>>;
let ids: string[];
beforeAll(async () => {
  h = await createHarness();
  admin = await registerUser(h.app, 'adoptadm');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
  const rows = await h.db
    .insert(users)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        username: `adopt${i}`,
        email: `adopt${i}@example.com`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await h.close();
});

const get = (url: string) =>
  h.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin.headers });

/** An update check row: user `i` on `day` days back. */
function check(
  i: number,
  daysBack: number,
  platform: string,
  version: string | null,
  extra: { arch?: string; channel?: string } = {},
) {
  return {
    day: utcDay(new Date(), daysBack),
    userId: ids[i]!,
    platform,
    arch: extra.arch ?? 'x64',
    currentVersion: version,
    channel: extra.channel ?? 'stable',
    format: 'electron',
    checks: 3,
    lastCheckedAt: new Date(),
  };
}

describe('GET /admin/updates/adoption', () => {
  it('counts users per day, platform and version, the share on the newest release, and rollouts', async () => {
    // Releases: 1.1.0 (seeded, stable, a Windows zip); 2.0.0 stable for Windows and macOS at 100 %;
    // 2.1.0-beta.1 on beta at 20 %; 2.2.0 yanked (never counted as latest).
    const [seeded] = await h.db.select().from(releases).where(eq(releases.version, '1.1.0'));
    expect(seeded).toBeDefined();
    const add = async (
      version: string,
      channel: string,
      rollout: number,
      platforms: string[],
      yanked = false,
    ) => {
      const [r] = await h.db
        .insert(releases)
        .values({
          version,
          releaseDate: '2026-12-01',
          channel,
          rolloutPercentage: rollout,
          isActive: true,
          publishedAt: new Date(),
          yankedAt: yanked ? new Date() : null,
        })
        .returning();
      for (const platform of platforms)
        await h.db.insert(artifacts).values({
          releaseId: r!.id,
          filename: `${version}-${platform}.zip`,
          downloadUrl: `https://cdn.example.com/${version}-${platform}.zip`,
          fileSize: 1,
          platform,
        });
      return r!;
    };
    await add('2.0.0', 'stable', 100, ['windows', 'macos']);
    const beta = await add('2.1.0-beta.1', 'beta', 20, ['windows']);
    await add('2.2.0', 'stable', 100, ['windows'], true);

    await h.db.insert(updateChecks).values([
      // Today: Windows users 0, 1, 2 (2 on two architectures, one user), 3 unknown; macOS 4.
      check(0, 0, 'windows', '2.0.0'),
      check(1, 0, 'windows', '1.1.0'),
      check(2, 0, 'windows', '2.0.0'),
      check(2, 0, 'windows', '2.0.0', { arch: 'arm64' }),
      check(3, 0, 'windows', null),
      check(4, 0, 'macos', '2.0.0'),
      // Yesterday: user 5 on the beta, user 1 on 1.1.0.
      check(5, 1, 'windows', '2.1.0-beta.1', { channel: 'beta' }),
      check(1, 1, 'windows', '1.1.0'),
      // Outside a 2-day window.
      check(0, 5, 'windows', '1.0.0'),
      check(5, 5, 'linux', '1.0.0', { channel: 'alpha' }),
    ]);

    const res = await get('/admin/updates/adoption?days=2');
    expect(res.statusCode, res.body).toBe(200);
    const answer = adoptionResponseSchema.parse(res.json());
    const today = utcDay(new Date());
    const yesterday = utcDay(new Date(), 1);
    expect(answer.days).toEqual([
      { day: yesterday, platform: 'windows', version: '1.1.0', users: 1 },
      { day: yesterday, platform: 'windows', version: '2.1.0-beta.1', users: 1 },
      { day: today, platform: 'macos', version: '2.0.0', users: 1 },
      { day: today, platform: 'windows', version: '1.1.0', users: 1 },
      { day: today, platform: 'windows', version: '2.0.0', users: 2 },
      { day: today, platform: 'windows', version: 'unknown', users: 1 },
    ]);
    expect(answer.latest).toEqual([
      { platform: 'windows', version: '2.0.0', users: 4, on_latest: 2 },
      { platform: 'macos', version: '2.0.0', users: 1, on_latest: 1 },
      { platform: 'linux', version: null, users: 0, on_latest: 0 },
    ]);
    // The beta at 20 %: one user reported it; users 5 (beta) checked on a channel it reaches.
    // 2.0.0 was published within the window: three users reported it, six checked on stable+.
    expect(answer.rollouts).toEqual([
      {
        release_id: beta.id,
        version: '2.1.0-beta.1',
        channel: 'beta',
        rollout_percentage: 20,
        users_on_version: 1,
        users_checking: 1,
      },
      expect.objectContaining({
        version: '2.0.0',
        channel: 'stable',
        rollout_percentage: 100,
        users_on_version: 3,
        users_checking: 6,
      }),
    ]);

    const all = adoptionResponseSchema.parse((await get('/admin/updates/adoption')).json());
    expect(all.days.some((d) => d.platform === 'linux' && d.version === '1.0.0')).toBe(true);
    expect((await get('/admin/updates/adoption?days=0')).statusCode).toBe(400);
    expect((await get('/admin/updates/adoption?days=366')).statusCode).toBe(400);
  });

  it('keeps the figures the checks imply, through batched upserts that change versions', async () => {
    const today = utcDay(new Date());
    const yesterday = utcDay(new Date(), 1);
    const row = (
      i: number,
      day: string,
      platform: string,
      arch: string,
      version: string | null,
    ) => ({
      day,
      userId: ids[i]!,
      platform,
      arch,
      currentVersion: version,
      channel: 'stable',
      format: 'electron',
      checks: 1,
      lastCheckedAt: new Date(),
    });
    // One batch holding one user's two architectures (counted once), then a batch that upgrades
    // one of them and reports a version for a check that had none (the recorder's upsert).
    await upsertUpdateChecks(h.db, [
      row(0, today, 'linux', 'x64', '3.0.0'),
      row(0, today, 'linux', 'arm64', '3.0.0'),
      row(1, today, 'linux', 'x64', null),
      row(2, yesterday, 'linux', 'x64', '3.0.0'),
    ]);
    await upsertUpdateChecks(h.db, [
      row(0, today, 'linux', 'x64', '3.1.0'),
      row(1, today, 'linux', 'x64', '3.0.0'),
      row(2, yesterday, 'linux', 'x64', '3.0.0'),
    ]);
    const linuxToday = await versionsPerDay(h.db, today, today);
    expect(linuxToday.filter((r) => r.platform === 'linux')).toEqual([
      { day: today, platform: 'linux', version: '3.0.0', users: 2 },
      { day: today, platform: 'linux', version: '3.1.0', users: 1 },
    ]);
    expect(await usersOnVersion(h.db, today, 'linux', '3.1.0')).toEqual({ users: 2, onVersion: 1 });
    expect(await usersPerVersion(h.db, yesterday, ['3.0.0', '3.1.0'])).toEqual(
      new Map([
        ['3.0.0', 3],
        ['3.1.0', 1],
      ]),
    );

    // The figures kept row by row equal those recomputed from every check.
    const dayFigures = async () => ({
      versions: await rowsOf(
        h.db,
        sql`select day::text, platform, version, users from update_check_day_versions
            where users > 0 order by 1, 2, 3`,
      ),
      users: await rowsOf(
        h.db,
        sql`select day::text, platform, users from update_check_day_users order by 1, 2`,
      ),
      channels: await rowsOf(
        h.db,
        sql`select key as channel, day::text, users from update_check_last_seen_days
            where figure = 'channel' and users > 0 order by 1, 2`,
      ),
    });
    const kept = await dayFigures();
    // The trigger saw user 0 on 3.0.0 before the upsert to 3.1.0; the checks no longer show it,
    // and that history is not counted as an error, nor lost by a rebuild.
    expect(await adoptionFigureDifferences(h.db)).toEqual([]);
    await h.db.execute(sql`update update_check_day_users set users = users + 1`);
    expect((await rebuildAdoptionFigures(h.db)).length).toBeGreaterThan(0);
    expect(await adoptionFigureDifferences(h.db)).toEqual([]);
    expect(await usersPerVersion(h.db, yesterday, ['3.0.0', '3.1.0'])).toEqual(
      new Map([
        ['3.0.0', 3],
        ['3.1.0', 1],
      ]),
    );
    await h.db.execute(sql`select flockr_rebuild_update_check_figures()`);
    expect(await dayFigures()).toEqual(kept);
  });

  it('counts from the figures through their keys, never from the checks', async () => {
    // Enough rows that the planner would rather read an index than a table, as at scale.
    await h.db.execute(sql`
      insert into update_checks (day, user_id, platform, arch, current_version, channel, format, last_checked_at)
      select (current_date - d)::date, u.id, p, 'x64', '1.' || (d % 7) || '.0', 'stable', 'electron', now()
      from generate_series(0, 89) d
      cross join unnest(array['windows', 'macos', 'linux']) p
      cross join users u
      on conflict do nothing`);
    await h.db.execute(sql`analyze`);
    const planOf = (statement: SQL) =>
      h.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await rowsOf<Record<string, string>>(tx, sql`explain ${statement}`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const from = utcDay(new Date(), 29);
    const to = utcDay(new Date());
    const plans = [
      await planOf(versionsPerDayQuery(h.db, from, to).getSQL()),
      await planOf(usersOnVersionQuery(h.db, to, 'windows', '1.2.0').getSQL()),
      await planOf(usersPerVersionQuery(h.db, from, ['1.2.0', '1.3.0']).getSQL()),
      await planOf(usersOnChannelQuery(h.db, from, 'stable').getSQL()),
    ];
    expect(plans[0]).toMatch(/update_check_day_versions_day_platform_version_pk/);
    expect(plans[1]).toMatch(/update_check_day_users_day_platform_pk/);
    expect(plans[2]).toMatch(/update_check_last_seen_days_figure_key_day_pk/);
    expect(plans[3]).toMatch(/update_check_last_seen_days_figure_key_day_pk/);
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).not.toMatch(/on update_checks\b/);
    }
  });
});

// Two transactions at once need two connections: PGlite has one.
if (testDbKind() === 'postgres')
  describe('a rebuild of the adoption figures while checks are written', () => {
    it('waits for a batch already writing, then counts it; the figures end exact', async () => {
      // Wrong figures to replace, as after a load with the trigger off.
      await h.db.execute(sql`update update_check_day_users set users = users + 4`);
      const batch = await holdTransaction(h.db, (tx) =>
        upsertUpdateChecks(tx, [check(4, 0, 'macos', '9.9.0'), check(5, 0, 'macos', null)]),
      );
      const rebuilt = rebuildAdoptionFigures(h.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await batch.commit();
      const wrong = await rebuilt;
      // What was wrong is the skew alone: the batch's own checks were counted by the trigger
      // and by the recount alike, and are in the figures now.
      expect(wrong.length).toBeGreaterThan(0);
      expect(wrong.every((d) => d.kept - d.counted === 4)).toBe(true);
      expect(await adoptionFigureDifferences(h.db)).toEqual([]);
    });
  });
