/**
 * Digests the update feeds need that older rows lack (docs/updates.md "Releases, channels and
 * artifacts"): files uploaded before SHA-1 and SHA-512 were kept have only their SHA-256. At
 * start (server.ts, after the seed) each such stored file is read once from the artifact store
 * (DATA_DIR or the bucket) and hashed, and its SHA-1 and SHA-512 recorded when its size and
 * SHA-256 are the recorded ones. Idempotent: only rows still lacking a digest are read, so a second
 * start, or a second instance starting at the same time, finds nothing left or writes the same
 * values.
 */
import type { Executor } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import { listArtifactsMissingDigests, updateArtifactDigest } from './repository.js';
import { digestStream, type ArtifactStore } from './storage.js';

/** What one backfill did: rows completed, and rows left as they were (logged with the reason). */
export interface DigestBackfill {
  filled: number;
  failed: number;
}

/**
 * Computes and records the missing SHA-1 and SHA-512 of every stored artifact that lacks one (see
 * the file's comment), one file at a time. A file that is not in the store, or whose size or
 * SHA-256 differs from the row's, is logged and left alone (a warning, never thrown): the row keeps
 * serving what it served. @throws the database's error.
 */
export async function backfillArtifactDigests(
  db: Executor,
  store: ArtifactStore,
  log: Logger,
): Promise<DigestBackfill> {
  const result: DigestBackfill = { filled: 0, failed: 0 };
  for (const row of await listArtifactsMissingDigests(db)) {
    try {
      const stream = await store.read(row.storagePath);
      if (!stream) {
        result.failed += 1;
        log.warn({ key: row.storagePath }, 'artifact digests not computed: file not in the store');
        continue;
      }
      const got = await digestStream(stream);
      if (got.size !== row.fileSize || (row.sha256 !== null && got.sha256 !== row.sha256)) {
        result.failed += 1;
        log.warn(
          { key: row.storagePath, size: got.size, sha256: got.sha256 },
          'artifact digests not computed: the stored file differs from its record',
        );
        continue;
      }
      await updateArtifactDigest(db, row.id, {
        fileSize: got.size,
        sha256: got.sha256,
        sha1: got.sha1,
        sha512: got.sha512,
      });
      result.filled += 1;
    } catch (error) {
      result.failed += 1;
      log.warn({ err: error, key: row.storagePath }, 'artifact digests not computed');
    }
  }
  if (result.filled > 0 || result.failed > 0)
    log.info(result, 'artifact SHA-1 and SHA-512 backfilled');
  return result;
}
