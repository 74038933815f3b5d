/**
 * Moving stored program files from DATA_DIR to the object store (`npm run artifacts:migrate`,
 * docs/downloads.md "Moving files to object storage"). Each artifact's file is copied to the
 * object whose key is its `storage_path`, so the database keeps pointing at it unchanged.
 * Idempotent: an object already there with the recorded size and SHA-256 is left alone.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../db/client.js';
import { listStoredArtifacts } from './repository.js';
import type { S3ArtifactStore } from './s3-store.js';
import { artifactSegments } from './storage.js';

/** What happened to one artifact's file. */
export interface MigratedFile {
  key: string;
  /**
   * `copied`: uploaded now and verified; `present`: already in the bucket with the recorded size
   * and SHA-256 (skipped); `failed`: see `reason` (nothing changed for it).
   */
  outcome: 'copied' | 'present' | 'failed';
  reason?: string;
}

/**
 * Copies every stored artifact file (rows with a `storage_path`) from `dataDir` to `store`,
 * streaming and hashing each (multipart upload), and verifies it: the bytes must have the
 * recorded size and SHA-256, else the object is deleted again and the file reported `failed`. An
 * object already in the bucket with the same size and `x-amz-meta-sha256` is skipped, so a re-run
 * copies only what is missing or different. Local files are kept (remove them once the app serves
 * from the bucket). Calls `onEach` after each file, in order. `only`, when given, limits the run
 * to those keys (the seed's files at start). Never throws for one file's problem (it is
 * reported); @throws the database's error.
 */
export async function migrateArtifacts(
  db: Executor,
  dataDir: string,
  store: S3ArtifactStore,
  onEach: (file: MigratedFile) => void = () => {},
  only?: ReadonlySet<string>,
): Promise<MigratedFile[]> {
  const results: MigratedFile[] = [];
  for (const artifact of await listStoredArtifacts(db)) {
    const key = artifact.storagePath;
    if (only && !only.has(key)) continue;
    const result = await migrateOne(dataDir, store, key, {
      size: artifact.fileSize,
      sha256: artifact.sha256,
    });
    results.push(result);
    onEach(result);
  }
  return results;
}

/** Moves one file (see `migrateArtifacts`); reports every problem instead of throwing. */
async function migrateOne(
  dataDir: string,
  store: S3ArtifactStore,
  key: string,
  expected: { size: number; sha256: string | null },
): Promise<MigratedFile> {
  try {
    artifactSegments(key);
    const there = await store.describe(key);
    if (
      there &&
      there.size === expected.size &&
      there.sha256 !== undefined &&
      (expected.sha256 === null || there.sha256 === expected.sha256)
    )
      return { key, outcome: 'present' };
    const local = path.join(dataDir, key);
    const file = await stat(local).catch(() => undefined);
    if (!file?.isFile())
      return {
        key,
        outcome: 'failed',
        reason: there
          ? `not in ${dataDir}, and the object in the bucket differs (${there.size} bytes, sha256 ${there.sha256 ?? 'unknown'})`
          : `not in ${dataDir} nor in the bucket`,
      };
    await store.putFile(key, local, expected);
    return { key, outcome: 'copied' };
  } catch (error) {
    return {
      key,
      outcome: 'failed',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}
