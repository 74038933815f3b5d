/**
 * Where uploaded program files live: streamed to DATA_DIR/uploads while their size in bytes and
 * SHA-256 are computed (never held whole in memory), then moved under
 * DATA_DIR/artifacts/{version}/. Paths stored in the database are relative to DATA_DIR.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file received to a temporary place, with its size in bytes and hex SHA-256. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
}

/** A file name safe to store and to send: letters, digits, dot, dash, underscore. */
export function safeFilename(name: string | undefined, fallback: string): string {
  const base = path
    .basename(name ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '');
  return base.length > 0 ? base.slice(0, 200) : fallback;
}

/** Streams `file` to a temporary file under `dataDir`/uploads, hashing as it goes. */
export async function receiveFile(dataDir: string, file: Readable): Promise<ReceivedFile> {
  const dir = path.join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(tempPath),
    );
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, size, sha256: hash.digest('hex') };
}

/**
 * Moves a received file to its place for `version` and returns its path relative to `dataDir`
 * (`artifacts/{version}/{8 random hex}-{filename}`).
 */
export async function storeFile(
  dataDir: string,
  received: ReceivedFile,
  version: string,
  filename: string,
): Promise<string> {
  const relative = path.join('artifacts', version, `${randomUUID().slice(0, 8)}-${filename}`);
  const target = path.join(dataDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(received.tempPath, target);
  return relative;
}

/** Removes a file (a temporary upload, or a stored file whose release was not recorded). */
export async function removeFile(dataDir: string, relativeOrAbsolute: string): Promise<void> {
  await rm(path.resolve(dataDir, relativeOrAbsolute), { force: true });
}

/** True when the stored file `relativePath` is on disk. */
export function fileExists(dataDir: string, relativePath: string): boolean {
  return existsSync(path.join(dataDir, relativePath));
}
