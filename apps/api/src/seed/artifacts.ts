/**
 * Builds the seeded program versions' files: real ZIP archives made with `yazl`, written as a
 * stream under DATA_DIR/artifacts, with their size in bytes and SHA-256 computed from the bytes
 * on disk. The archives are deterministic (fixed timestamps and content), so re-seeding a wiped
 * data folder yields the same checksum.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Size (bytes) and hex SHA-256 of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return { size: (await stat(file)).size, sha256: hash.digest('hex') };
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
 * and returns its size in bytes and SHA-256.
 */
export async function buildProgramZip(
  target: string,
  productName: string,
  version: string,
): Promise<{ size: number; sha256: string }> {
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
