/**
 * Builds the seeded program versions' files: real ZIP archives made with `yazl`, written as a
 * stream under DATA_DIR/artifacts, with their size in bytes and SHA-256 computed from the bytes
 * on disk (and SHA-1 and SHA-512, as the update feeds want them). The archives are deterministic (fixed timestamps and content), so re-seeding a wiped
 * data folder yields the same checksum.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { digestStream, type FileDigests } from '../modules/releases/storage.js';

/**
 * Size (bytes) and digests of a file (hex SHA-1 and SHA-256, base64 SHA-512: storage.ts
 * `FileDigests`), read once as a stream.
 */
export async function fileDigest(file: string): Promise<FileDigests & { size: number }> {
  return digestStream(createReadStream(file));
}

/** Deterministic pseudo-random bytes (xorshift32) so the archive has a realistic payload. */
function payload(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed || 1;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * Writes the ZIP of `version` of `productName` to `target` (atomically, via a temporary file)
 * and returns its size in bytes and digests.
 */
export async function buildProgramZip(
  target: string,
  productName: string,
  version: string,
): Promise<FileDigests & { size: number }> {
  await mkdir(path.dirname(target), { recursive: true });
  const mtime = new Date('2026-01-01T00:00:00Z');
  const zip = new yazl.ZipFile();
  const folder = `${productName}-${version}`;
  zip.addBuffer(
    Buffer.from(
      `${productName} desktop program, version ${version}\n\n` +
        `Unzip this folder and run the installer for your system.\n` +
        `Sign in with the email and password of your ${productName} account.\n`,
    ),
    `${folder}/README.txt`,
    { mtime },
  );
  zip.addBuffer(
    Buffer.from(JSON.stringify({ product: productName, version }, null, 2)),
    `${folder}/manifest.json`,
    {
      mtime,
    },
  );
  const seed = [...version].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 7);
  zip.addBuffer(payload(seed, 256 * 1024), `${folder}/bin/${productName.toLowerCase()}-core.bin`, {
    mtime,
    compress: false,
  });
  zip.end();
  const temporary = `${target}.tmp-${process.pid}`;
  await pipeline(zip.outputStream, createWriteStream(temporary));
  await rename(temporary, target);
  return fileDigest(target);
}
