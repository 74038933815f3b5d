/**
 * Where uploaded program files live: streamed to DATA_DIR/uploads while their size in bytes and
 * SHA-256 are computed (never held whole in memory), then moved under
 * DATA_DIR/artifacts/{version}/. Paths stored in the database are relative to DATA_DIR.
 *
 * How a stored file goes out is a `FileDelivery` (`deliveryOf`): streamed by this process, or
 * handed to nginx with X-Accel-Redirect (docs/downloads.md). Only this file knows where the bytes
 * are; another store (object storage with presigned URLs) would be one more kind of delivery.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mime from 'mime';
import type { AppConfig } from '../../config.js';

/** The folder of DATA_DIR that holds stored program files, the only one nginx may send from. */
export const ARTIFACTS_DIR = 'artifacts';

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

/**
 * How a stored file's bytes reach the client (docs/downloads.md):
 * - `stream`: this process reads DATA_DIR/`relativePath` and sends it (Range supported);
 * - `accel-redirect`: the answer has no body and names `uri`, a path under nginx's `internal`
 *   location over DATA_DIR/artifacts/, in X-Accel-Redirect; nginx sends the file (sendfile,
 *   Range). `contentType` is the file's media type, which nginx passes on from our answer.
 */
export type FileDelivery =
  | { kind: 'stream'; relativePath: string }
  | { kind: 'accel-redirect'; uri: string; contentType: string };

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
  const [top, ...segments] = relativePath.split(path.sep);
  const unsafe = (s: string) => s === '' || s === '.' || s === '..' || s.includes('\0');
  if (top !== ARTIFACTS_DIR || segments.length === 0 || segments.some(unsafe))
    throw new Error(`stored file outside ${ARTIFACTS_DIR}/: ${JSON.stringify(relativePath)}`);
  return prefix + segments.map(encodeURIComponent).join('/');
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
