/**
 * Which store holds program files, chosen once at start from the configuration
 * (docs/downloads.md): an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR on disk.
 */
import type { AppConfig } from '../../config.js';
import { S3ArtifactStore } from './s3-store.js';
import { diskStore, type ArtifactStore } from './storage.js';

/**
 * The artifact store `config` names: `S3ArtifactStore` over `config.objectStore` when set,
 * otherwise the local disk store over `config.dataDir`. Never throws (the S3 client connects
 * lazily; `GET /ready` reports an unreachable bucket).
 */
export function createArtifactStore(
  config: Pick<AppConfig, 'dataDir' | 'downloadAccelRedirect' | 'objectStore'>,
): ArtifactStore {
  return config.objectStore ? new S3ArtifactStore(config.objectStore) : diskStore(config);
}
