/**
 * Where uploaded program files live. An `ArtifactStore` holds them; the app picks one at start
 * (`createArtifactStore` in artifact-store.ts): this file's local disk store (the default), or the
 * S3-compatible object store of s3-store.ts when S3_BUCKET is set (docs/downloads.md). Only the
 * stores know where the bytes are; the database keeps each file's key, the same string either
 * way: `artifacts/{version}/{8 random hex}-{filename}`, relative to DATA_DIR on disk.
 *
 * On disk a file is streamed to DATA_DIR/uploads while its size in bytes and its SHA-1, SHA-256 and
 * SHA-512 are computed in the same pass (never held whole in memory), then moved under
 * DATA_DIR/artifacts/{version}/.
 *
 * How a stored file goes out is a `FileDelivery`: streamed by this process, handed to nginx with
 * X-Accel-Redirect, or a redirect to a presigned URL of the object store.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mime from 'mime';
import type { AppConfig } from '../../config.js';

/** The folder of DATA_DIR that holds stored program files, the only one nginx may send from. */
export const ARTIFACTS_DIR = 'artifacts';

/**
 * The digests of a file, each as the updaters that check it want it (docs/updates.md): SHA-1 in
 * hex (Squirrel.Windows' RELEASES, Velopack), SHA-256 in hex (the spec's checksum), SHA-512 in
 * base64 (electron-updater's `sha512`).
 */
export interface FileDigests {
  sha1: string;
  sha256: string;
  sha512: string;
}

/**
 * Hashes bytes fed to `update` with SHA-1, SHA-256 and SHA-512 at once and counts them, so a
 * stream is read once for all three; `digest()` ends it and gives the size in bytes and the
 * digests (see {@link FileDigests}).
 */
export function fileHasher(): {
  update(chunk: Buffer): void;
  digest(): FileDigests & { size: number };
} {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  const sha512 = createHash('sha512');
  let size = 0;
  return {
    update(chunk) {
      sha1.update(chunk);
      sha256.update(chunk);
      sha512.update(chunk);
      size += chunk.length;
    },
    digest: () => ({
      size,
      sha1: sha1.digest('hex'),
      sha256: sha256.digest('hex'),
      sha512: sha512.digest('base64'),
    }),
  };
}

/** Size in bytes and digests of everything `source` yields, read once. */
export async function digestStream(
  source: AsyncIterable<Buffer>,
): Promise<FileDigests & { size: number }> {
  const hasher = fileHasher();
  for await (const chunk of source) hasher.update(chunk);
  return hasher.digest();
}

/** A file received to a temporary place, with its size in bytes and its digests. */
export interface ReceivedFile extends FileDigests {
  /** Its temporary key in the store (`uploads/{uuid}.part`): `place` moves it, `remove` drops it. */
  tempKey: string;
  size: number;
}

/**
 * A store of program files (artifacts), keyed by the path the database keeps. Chosen once at start
 * from the configuration and reached through `AppContext.artifacts`.
 */
export interface ArtifactStore {
  /** `disk` (DATA_DIR) or `s3` (an S3-compatible bucket, S3_BUCKET). */
  readonly kind: 'disk' | 's3';
  /**
   * Streams `file` to a temporary key, hashing it on the way (never held whole in memory).
   * Nothing is left behind when the stream fails. @throws the stream's or the store's error.
   */
  receive(file: Readable): Promise<ReceivedFile>;
  /**
   * Moves a received file to its place for `version` (`artifactKey`) and returns that key.
   * @throws the store's error; the temporary file is then still there for `remove`.
   */
  place(received: ReceivedFile, version: string, filename: string): Promise<string>;
  /** Removes the file at `key` (a temporary one, or one whose release was not recorded). */
  remove(key: string): Promise<void>;
  /**
   * The bytes of the stored file `key` as a stream, or undefined when it is not in the store
   * (computing digests a row lacks, digests.ts). @throws the store's error.
   */
  read(key: string): Promise<Readable | undefined>;
  /**
   * How to deliver the stored file `key` under the name `filename`; undefined when it is not
   * in the store (the caller answers 404). @throws Error for a key outside artifacts/ (a 500).
   */
  deliveryOf(key: string, filename: string): Promise<FileDelivery | undefined>;
  /** Checks the store answers (`GET /ready`); undefined when there is nothing to check. */
  readonly ping: ((timeoutMs: number) => Promise<void>) | undefined;
  /** Releases connections (the app's onClose). */
  close(): void;
}

/**
 * Moves `received` to its place for `version` in `store` and returns its key; when that fails,
 * the temporary file is removed (best effort) and the store's error thrown.
 */
export async function placeOrDiscard(
  store: ArtifactStore,
  received: ReceivedFile,
  version: string,
  filename: string,
): Promise<string> {
  try {
    return await store.place(received, version, filename);
  } catch (error) {
    await store.remove(received.tempKey).catch(() => {});
    throw error;
  }
}

/**
 * The key of a new stored file: `artifacts/{version}/{8 random hex}-{filename}`, a path relative
 * to DATA_DIR on disk and the object key in a bucket (the random part keeps a re-upload of a
 * version apart from the file it replaces).
 */
export function artifactKey(version: string, filename: string): string {
  return `${ARTIFACTS_DIR}/${version}/${randomUUID().slice(0, 8)}-${filename}`;
}

/** The temporary key of a file being received: `uploads/{uuid}.part`. */
export function uploadKey(): string {
  return `uploads/${randomUUID()}.part`;
}

/**
 * The local disk store over `config.dataDir` (the default): files under DATA_DIR/artifacts,
 * delivered streamed by this process or by nginx with X-Accel-Redirect (DOWNLOAD_ACCEL_REDIRECT).
 */
export function diskStore(
  config: Pick<AppConfig, 'dataDir' | 'downloadAccelRedirect'>,
): ArtifactStore {
  return {
    kind: 'disk',
    receive: (file) => receiveFile(config.dataDir, file),
    place: (received, version, filename) => storeFile(config.dataDir, received, version, filename),
    remove: (key) => removeFile(config.dataDir, key),
    read: async (key) =>
      (await isStoredFile(config.dataDir, key))
        ? createReadStream(path.join(config.dataDir, key))
        : undefined,
    deliveryOf: (key) => deliveryOf(config, key),
    ping: undefined,
    close: () => {},
  };
}

/** A file name safe to store and to send: letters, digits, dot, dash, underscore. */
export function safeFilename(name: string | undefined, fallback: string): string {
  const base = path
    .basename(name ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '');
  return base.length > 0 ? base.slice(0, 200) : fallback;
}

/**
 * Streams `file` to a temporary file under `dataDir`/uploads, computing its size and digests
 * (SHA-1, SHA-256, SHA-512) as it goes.
 */
export async function receiveFile(dataDir: string, file: Readable): Promise<ReceivedFile> {
  const tempKey = uploadKey();
  const tempPath = path.join(dataDir, tempKey);
  await mkdir(path.dirname(tempPath), { recursive: true });
  const hasher = fileHasher();
  try {
    await pipeline(
      file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hasher.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(tempPath),
    );
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return { tempKey, ...hasher.digest() };
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
  const relative = artifactKey(version, filename);
  const target = path.join(dataDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(path.join(dataDir, received.tempKey), target);
  return relative;
}

/** Removes a file (a temporary upload, or a stored file whose release was not recorded). */
export async function removeFile(dataDir: string, relativeOrAbsolute: string): Promise<void> {
  await rm(path.resolve(dataDir, relativeOrAbsolute), { force: true });
}

/**
 * How a stored file's bytes reach the client (docs/downloads.md):
 * - `stream`: this process reads DATA_DIR/`relativePath` and sends it (Range supported);
 * - `accel-redirect`: the answer has no body and names `uri`, a path under nginx's `internal`
 *   location over DATA_DIR/artifacts/, in X-Accel-Redirect; nginx sends the file (sendfile,
 *   Range). `contentType` is the file's media type, which nginx passes on from our answer.
 * - `redirect`: the answer is a redirect to `url`, a presigned GET of the object store valid for
 *   `expiresInSeconds`, which names the file and its type itself (s3-store.ts).
 */
export type FileDelivery =
  | { kind: 'stream'; relativePath: string }
  | { kind: 'accel-redirect'; uri: string; contentType: string }
  | { kind: 'redirect'; url: string; expiresInSeconds: number };

/**
 * How to deliver the stored file `relativePath` (relative to DATA_DIR, as stored by `storeFile`
 * or the seed): through nginx when `downloadAccelRedirect` is set, else streamed from here.
 * Resolves with undefined when the file is not on disk (the caller answers 404).
 * @throws Error when accel is on and `relativePath` is not a plain path under artifacts/ (see
 * `accelRedirectUri`): a stored value we never write, so a 500, not a file sent from elsewhere.
 */
export async function deliveryOf(
  config: Pick<AppConfig, 'dataDir' | 'downloadAccelRedirect'>,
  relativePath: string,
): Promise<FileDelivery | undefined> {
  if (!(await isStoredFile(config.dataDir, relativePath))) return undefined;
  if (!config.downloadAccelRedirect) return { kind: 'stream', relativePath };
  return {
    kind: 'accel-redirect',
    uri: accelRedirectUri(config.downloadAccelRedirect, relativePath),
    contentType: artifactContentType(relativePath),
  };
}

/** True when `relativePath` (relative to `dataDir`) is a regular file on disk. */
async function isStoredFile(dataDir: string, relativePath: string): Promise<boolean> {
  try {
    return (await stat(path.join(dataDir, relativePath))).isFile();
  } catch {
    return false;
  }
}

/**
 * The X-Accel-Redirect target of the stored file `relativePath`: `prefix` (an nginx location
 * ending in `/`, config DOWNLOAD_ACCEL_REDIRECT) followed by the path under artifacts/, each
 * segment percent-encoded (nginx decodes it once), e.g. `artifacts/2.0.0+b.1/x y.zip` →
 * `/_protected_downloads/2.0.0%2Bb.1/x%20y.zip`. Built from the stored key only, never from
 * the request. Pure.
 * @throws Error when `relativePath` is not under artifacts/, or has an empty, `.` or `..`
 * segment or a NUL byte (nothing outside DATA_DIR/artifacts can be named).
 */
export function accelRedirectUri(prefix: string, relativePath: string): string {
  return prefix + artifactSegments(relativePath).map(encodeURIComponent).join('/');
}

/**
 * The segments under artifacts/ of the stored key `relativePath`, e.g. `artifacts/1.0.0/a.zip`
 * → `['1.0.0', 'a.zip']`. Pure.
 * @throws Error when `relativePath` is not under artifacts/, or has an empty, `.` or `..`
 * segment or a NUL byte (nothing outside DATA_DIR/artifacts, or the bucket's artifacts/, can be
 * named).
 */
export function artifactSegments(relativePath: string): string[] {
  const [top, ...segments] = relativePath.split(path.sep);
  const unsafe = (s: string) => s === '' || s === '.' || s === '..' || s.includes('\0');
  if (top !== ARTIFACTS_DIR || segments.length === 0 || segments.some(unsafe))
    throw new Error(`stored file outside ${ARTIFACTS_DIR}/: ${JSON.stringify(relativePath)}`);
  return segments;
}

/**
 * The Content-Type of the stored file `relativePath`, from its extension, by the `mime` package
 * (v3, the one @fastify/send streams downloads with), so both ways of delivering a file send the
 * same type: `.zip` → `application/zip`; `.exe`, `.dmg` and unknown extensions →
 * `application/octet-stream` (the contract's `produces`). Pure.
 */
export function artifactContentType(relativePath: string): string {
  return mime.getType(relativePath) ?? 'application/octet-stream';
}
