import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { artifacts, changelogEntries, plans, releases, users } from '../db/schema.js';
import { PasswordHasher } from '../lib/password.js';
import { findUserByEmail } from '../modules/accounts/repository.js';
import { createHarness, newUserPayload, type Harness } from '../test/harness.js';
import { fileDigest } from './artifacts.js';
import { ensureAdmin } from '../modules/accounts/bootstrap.js';
import { seed } from './seed.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const total = async (table: typeof plans | typeof releases | typeof changelogEntries) =>
  (await h.db.select({ n: count() }).from(table))[0]!.n;

describe('seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = [await total(plans), await total(releases), await total(changelogEntries)];
    expect(before).toEqual([3, 2, 3]);
    await seed(h.db, h.config);
    expect([await total(plans), await total(releases), await total(changelogEntries)]).toEqual(
      before,
    );
  });

  it('stores real ZIP files whose size and SHA-1/256/512 match the database, rebuilt identically when lost', async () => {
    const rows = await h.db.select().from(artifacts);
    for (const row of rows) {
      const file = path.join(h.config.dataDir, row.storagePath!);
      expect(await fileDigest(file)).toEqual({
        size: row.fileSize,
        sha1: row.sha1,
        sha256: row.sha256,
        sha512: row.sha512,
      });
      await rm(file);
    }
    await seed(h.db, h.config);
    for (const row of rows) {
      const file = path.join(h.config.dataDir, row.storagePath!);
      expect(existsSync(file)).toBe(true);
      expect((await fileDigest(file)).sha256).toBe(row.sha256);
    }
  });
});

describe('seeded digests', () => {
  it('fills the SHA-1 and SHA-512 of a seeded version recorded without them', async () => {
    const [row] = await h.db.select().from(artifacts).limit(1);
    await h.db.update(artifacts).set({ sha1: null, sha512: null }).where(eq(artifacts.id, row!.id));
    await seed(h.db, h.config);
    const [after] = await h.db.select().from(artifacts).where(eq(artifacts.id, row!.id));
    expect(after).toMatchObject({ sha1: row!.sha1, sha512: row!.sha512 });
    expect(after!.sha1).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('ensureAdmin', () => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD once, and promotes an existing user', async () => {
    const config = {
      adminEmail: 'boss@example.com',
      adminPassword: 'B0ss!secret',
      passwordHashing: { memoryKiB: 1024, timeCost: 1, concurrency: 2, queueLimit: 1000 },
    };
    expect(await ensureAdmin(h.db, config)).toBe('created');
    expect(await ensureAdmin(h.db, config)).toBe('unchanged');
    const admin = await findUserByEmail(h.db, 'boss@example.com');
    expect(admin).toMatchObject({ role: 'ADMIN', status: 'ACTIVE' });
    const hasher = new PasswordHasher(config.passwordHashing);
    expect(await hasher.verify('B0ss!secret', admin!.passwordHash)).toMatchObject({ ok: true });
    expect(await ensureAdmin(h.db, { ...config, adminEmail: undefined })).toBe('skipped');
    const usersBefore = (await h.db.select({ n: count() }).from(users))[0]!.n;
    expect(usersBefore).toBeGreaterThan(0);
  });

  it('creates one admin when several instances start at once (none of them fails)', async () => {
    const config = {
      adminEmail: 'together@example.com',
      adminPassword: 'B0ss!secret',
      passwordHashing: { memoryKiB: 1024, timeCost: 1, concurrency: 2, queueLimit: 1000 },
    };
    const outcomes = await Promise.all([1, 2, 3].map(() => ensureAdmin(h.db, config)));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'created' || o === 'unchanged')).toBe(true);
    expect(await findUserByEmail(h.db, 'together@example.com')).toMatchObject({ role: 'ADMIN' });
  });

  it('counts the ADMIN_EMAIL account as verified when it promotes an existing, unconfirmed one', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: newUserPayload('owner'),
    });
    const email = res.json().user.email as string;
    expect((await findUserByEmail(h.db, email))!.emailVerifiedAt).toBeNull();
    const config = {
      adminEmail: email,
      adminPassword: 'B0ss!secret',
      passwordHashing: { memoryKiB: 1024, timeCost: 1, concurrency: 2, queueLimit: 1000 },
    };
    expect(await ensureAdmin(h.db, config)).toBe('promoted');
    expect(await findUserByEmail(h.db, email)).toMatchObject({ role: 'ADMIN', status: 'ACTIVE' });
    expect((await findUserByEmail(h.db, email))!.emailVerifiedAt).not.toBeNull();
    expect(await ensureAdmin(h.db, config)).toBe('unchanged');
  });
});

describe('config', () => {
  it('generates a JWT secret once and keeps it under DATA_DIR', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'flockr-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe(
        's'.repeat(40),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails fast with every problem listed', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', JWT_SECRET: 'short', PAYMENT_PROVIDER: 'paypal' }),
    ).toThrow(/PORT[\s\S]*JWT_SECRET[\s\S]*PAYMENT_PROVIDER/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});
