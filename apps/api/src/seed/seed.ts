/**
 * Seed data, applied at every start and idempotent (existing rows are kept as they are):
 * plans FREE, PRO and PRO+ (requirements §9 comparison table), two program versions with real ZIP files
 * under DATA_DIR/artifacts (copied to the bucket with object storage: `seedObjectStore`), and three
 * published changelog entries.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PLAN_NAMES, versionFilename } from '@flockr/contract';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import type { Logger } from '../lib/logger.js';
import { insertMissingEntries } from '../modules/changelog/repository.js';
import { insertMissingPlans } from '../modules/plans/repository.js';
import {
  findReleaseByVersion,
  insertAnnouncement,
  insertRelease,
  updateArtifactDigest,
} from '../modules/releases/repository.js';
import { migrateArtifacts } from '../modules/releases/migrate.js';
import { S3ArtifactStore } from '../modules/releases/s3-store.js';
import type { ArtifactStore } from '../modules/releases/storage.js';
import { buildProgramZip, fileDigest } from './artifacts.js';

/** Seeded plans. Prices in US cents. */
const SEED_PLANS = [
  {
    name: PLAN_NAMES.free,
    description: 'Explore the product, read the changelog and get help from our community.',
    monthlyPriceMinor: 0,
    yearlyPriceMinor: 0,
    features: ['Browse the changelog', 'Email support', 'Upgrade any time'],
    sortOrder: 0,
    entitlements: [],
    maxDevices: 1,
  },
  {
    name: PLAN_NAMES.pro,
    description: 'Everything you need to grow one brand on Twitter.',
    monthlyPriceMinor: 1999,
    yearlyPriceMinor: 19999,
    features: [
      '5 Twitter accounts',
      '500 daily actions',
      'Email support',
      'Smart scheduling',
      'Analytics dashboard',
    ],
    sortOrder: 1,
    // Licenses (docs/licenses.md): the requirements §9 comparison table as entitlements, and 2 seats.
    entitlements: [
      { code: 'TWITTER_ACCOUNTS', limit: 5 },
      { code: 'DAILY_ACTIONS', limit: 500 },
      { code: 'EMAIL_SUPPORT', limit: null },
    ],
    maxDevices: 2,
  },
  {
    name: PLAN_NAMES.proPlus,
    description: 'For agencies and power users who manage many accounts.',
    monthlyPriceMinor: 4999,
    yearlyPriceMinor: 49999,
    features: [
      'Unlimited Twitter accounts',
      'Unlimited daily actions',
      'Priority support',
      'Phone support',
      'White-label',
    ],
    sortOrder: 2,
    // Unlimited accounts and actions (limit null), and 5 seats.
    entitlements: [
      { code: 'TWITTER_ACCOUNTS', limit: null },
      { code: 'DAILY_ACTIONS', limit: null },
      { code: 'EMAIL_SUPPORT', limit: null },
      { code: 'PRIORITY_SUPPORT', limit: null },
      { code: 'PHONE_SUPPORT', limit: null },
      { code: 'WHITE_LABEL', limit: null },
    ],
    maxDevices: 5,
  },
] as const;

/** Seeded program versions; the newest is what Download Now gets. */
const SEED_VERSIONS = [
  { version: '1.0.0', releaseDate: '2026-09-01' },
  { version: '1.1.0', releaseDate: '2026-11-01' },
] as const;

const SEED_CHANGELOG = [
  {
    version: '1.1.0',
    title: 'Smart scheduling and a faster dashboard',
    releaseDate: '2026-11-01',
    changes: [
      '## New',
      '- **Smart scheduling** picks the best time to post for each account.',
      '- Export your analytics as CSV.',
      '',
      '## Improved',
      '- The dashboard loads twice as fast.',
      '- Clearer messages when Twitter limits an action.',
    ].join('\n'),
  },
  {
    version: '1.0.1',
    title: 'Stability fixes',
    releaseDate: '2026-09-20',
    changes: [
      '## Fixed',
      '- The program no longer stops when the computer wakes from sleep.',
      '- Follower counts refresh correctly after a sync.',
    ].join('\n'),
  },
  {
    version: '1.0.0',
    title: 'First release',
    releaseDate: '2026-09-01',
    changes: [
      'The first public release.',
      '',
      '- Smart automation of follows, likes and replies',
      '- Advanced targeting by hashtag, keyword and audience',
      '- Account safety limits that keep actions human-paced',
    ].join('\n'),
  },
] as const;

/** The storage keys (paths relative to DATA_DIR) of the seeded versions' files. */
export function seededArtifactKeys(productName: string): Set<string> {
  return new Set(
    SEED_VERSIONS.map((v) =>
      path.join('artifacts', v.version, versionFilename(productName, v.version)),
    ),
  );
}

/**
 * Applies the seed to `db`: inserts what is missing and (re)builds missing artifact files under
 * DATA_DIR, updating a version's size and digests (SHA-1, SHA-256, SHA-512) when its file had to
 * be rebuilt or a digest is missing. The files are
 * deterministic, so instances with their own DATA_DIR build the same bytes. With object storage,
 * server.ts then copies them to the bucket (`seededArtifactKeys`, docs/downloads.md).
 */
export async function seed(
  db: Executor,
  config: Pick<AppConfig, 'dataDir' | 'productName'>,
): Promise<void> {
  await insertMissingPlans(
    db,
    SEED_PLANS.map((p) => ({
      ...p,
      features: [...p.features],
      entitlements: [...p.entitlements],
      currency: 'USD',
    })),
  );

  for (const v of SEED_VERSIONS) {
    const filename = versionFilename(config.productName, v.version);
    const storagePath = path.join('artifacts', v.version, filename);
    const absolute = path.join(config.dataDir, storagePath);
    const digest = existsSync(absolute)
      ? await fileDigest(absolute)
      : await buildProgramZip(absolute, config.productName, v.version);
    const existing = await findReleaseByVersion(db, v.version);
    if (!existing) {
      try {
        const inserted = await insertRelease(
          db,
          // Published on its release date (UTC midnight): offered by the feeds, and what "published
          // before the expiry" compares (docs/updates.md "Access").
          {
            version: v.version,
            releaseDate: v.releaseDate,
            publishedAt: new Date(`${v.releaseDate}T00:00:00Z`),
          },
          {
            filename,
            storagePath,
            fileSize: digest.size,
            sha256: digest.sha256,
            sha1: digest.sha1,
            sha512: digest.sha512,
          },
        );
        // Sample versions are never announced by e-mail (docs/updates.md "Release e-mails").
        await insertAnnouncement(db, inserted.release.id, new Date());
      } catch (error) {
        // Another process seeded it first.
        if (!isUniqueViolation(error, 'releases_version_key')) throw error;
      }
    } else if (
      existing.artifact.storagePath === storagePath &&
      (existing.artifact.sha256 !== digest.sha256 ||
        existing.artifact.fileSize !== digest.size ||
        existing.artifact.sha1 !== digest.sha1 ||
        existing.artifact.sha512 !== digest.sha512)
    ) {
      await updateArtifactDigest(db, existing.artifact.id, {
        fileSize: digest.size,
        sha256: digest.sha256,
        sha1: digest.sha1,
        sha512: digest.sha512,
      });
    }
  }

  await insertMissingEntries(
    db,
    SEED_CHANGELOG.map((c) => ({ ...c, isPublished: true })),
  );
}

/**
 * With object storage (`store` an S3ArtifactStore), copies the seeded versions' files from
 * DATA_DIR to the bucket under their keys when they are not there yet (verified by size and
 * SHA-256; idempotent, so instances starting together at worst copy the same bytes twice). A file
 * that cannot be copied is logged, not thrown: the instance still starts while the store is down,
 * and GET /ready says so (docs/downloads.md, "Object storage"). Does nothing on disk storage.
 */
export async function seedObjectStore(
  db: Executor,
  config: Pick<AppConfig, 'dataDir' | 'productName'>,
  store: ArtifactStore,
  log: Logger,
): Promise<void> {
  if (!(store instanceof S3ArtifactStore)) return;
  const only = seededArtifactKeys(config.productName);
  await migrateArtifacts(
    db,
    config.dataDir,
    store,
    (file) => {
      if (file.outcome === 'copied')
        log.info({ key: file.key }, 'seeded file copied to the bucket');
      if (file.outcome === 'failed')
        log.warn({ key: file.key, reason: file.reason }, 'seeded file not copied to the bucket');
    },
    only,
  );
}
