/**
 * Helpers around Debian's `minisign` (apt-get install minisign) for tests of Tauri update feeds,
 * and the conversions between minisign's files and what Tauri v2's updater expects.
 *
 * Tauri's updater (tauri-plugin-updater, `verify_signature` in src/updater.rs) takes the feed's
 * `signature` string, base64-decodes it to text, parses that text as a minisign signature file
 * (`minisign_verify::Signature::decode`: untrusted comment, signature, trusted comment, global
 * signature) and verifies it with the app's `pubkey`, which is likewise the base64 of a whole
 * minisign public key file. So the feed's `signature` is the content of the `.sig` file Tauri's
 * bundler writes: base64 of the full `.minisig` text. (Recent plugin sources also compare a
 * `version:` field of the trusted comment, when present, with the version the feed announces.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServiceCheck } from '../services.js';

/** Where Debian installs minisign. */
const MINISIGN = '/usr/bin/minisign';

/** The minisign binary: /usr/bin/minisign, or null when it is not installed. */
export function minisignPath(): string | null {
  return existsSync(MINISIGN) ? MINISIGN : null;
}

/**
 * Whether minisign is installed, as a ServiceCheck for `describe(name, needs(check), …)`
 * (the reason says how to install it).
 */
export function minisignCheck(): ServiceCheck {
  return minisignPath()
    ? { available: true, where: MINISIGN, reason: '' }
    : {
        available: false,
        where: MINISIGN,
        reason: 'minisign not installed (apt-get install -y minisign)',
      };
}

/** Runs minisign with `args` (10 s at most); returns its exit status and stdout+stderr. */
function run(args: string[]): { status: number | null; output: string } {
  const bin = minisignPath();
  if (!bin) throw new Error('minisign is not installed (apt-get install -y minisign)');
  const r = spawnSync(bin, args, {
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) throw r.error;
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** A minisign key pair on disk. */
export interface MinisignKeyPair {
  /** Path of the secret key file (unencrypted). */
  secretKeyPath: string;
  /** Path of the public key file. */
  publicKeyPath: string;
  /** The public key file's text (two lines: untrusted comment, key). */
  publicKeyText: string;
  /** The bare public key (the second line, `RW…`), as `minisign -P` takes it. */
  publicKey: string;
}

/**
 * Generates an unencrypted key pair (`minisign -G -W`) as `minisign.key`/`minisign.pub` in the
 * existing folder `dir`, replacing any there. Throws when minisign is missing or fails.
 */
export async function generateKeyPair(dir: string): Promise<MinisignKeyPair> {
  const secretKeyPath = path.join(dir, 'minisign.key');
  const publicKeyPath = path.join(dir, 'minisign.pub');
  await rm(secretKeyPath, { force: true });
  await rm(publicKeyPath, { force: true });
  const r = run(['-G', '-W', '-p', publicKeyPath, '-s', secretKeyPath]);
  if (r.status !== 0) throw new Error(`minisign -G failed: ${r.output}`);
  const publicKeyText = await readFile(publicKeyPath, 'utf8');
  const publicKey = publicKeyText.trim().split('\n').at(-1) ?? '';
  return { secretKeyPath, publicKeyPath, publicKeyText, publicKey };
}

/**
 * Signs `file` with the secret key at `secretKeyPath` (`minisign -S`); resolves with the text
 * of the `.minisig` file (four lines; the file itself is removed). `trustedComment` replaces
 * minisign's default (`timestamp:…\tfile:…\thashed`); it must be one line. Throws when minisign
 * is missing or fails.
 */
export async function signFile(
  file: string,
  secretKeyPath: string,
  trustedComment?: string,
): Promise<string> {
  const sigPath = `${file}.minisig`;
  const args = ['-S', '-s', secretKeyPath, '-m', file, '-x', sigPath];
  if (trustedComment !== undefined) args.push('-t', trustedComment);
  const r = run(args);
  if (r.status !== 0) throw new Error(`minisign -S failed: ${r.output}`);
  const text = await readFile(sigPath, 'utf8');
  await rm(sigPath, { force: true });
  return text;
}

/**
 * Verifies `file` against the signature text `sigText` with `publicKey` (the bare `RW…` key) by
 * running `minisign -V` on a temporary copy of the signature next to the file. Returns whether
 * minisign accepted it and what it printed (e.g. "Signature verification failed"). Throws only
 * when minisign is missing or cannot run.
 */
export async function verifyFile(
  file: string,
  sigText: string,
  publicKey: string,
): Promise<{ ok: boolean; output: string }> {
  const sigPath = `${file}.verify-${process.pid}-${Date.now()}.minisig`;
  await writeFile(sigPath, sigText);
  try {
    const r = run(['-V', '-P', publicKey, '-m', file, '-x', sigPath]);
    return { ok: r.status === 0, output: r.output.trim() };
  } finally {
    await rm(sigPath, { force: true });
  }
}

/**
 * The feed `signature` Tauri v2 expects for a file signed with `minisigText` (a `.minisig`
 * file's text): its base64 (standard alphabet, with padding), i.e. the bundler's `.sig` file.
 */
export function tauriSignature(minisigText: string): string {
  return Buffer.from(minisigText, 'utf8').toString('base64');
}

/**
 * The `.minisig` text inside a Tauri feed `signature` (base64-decodes it). Throws when the result
 * does not look like a minisign signature file (no `untrusted comment:` first line).
 */
export function minisigFromTauri(signature: string): string {
  const text = Buffer.from(signature.trim(), 'base64').toString('utf8');
  if (!text.startsWith('untrusted comment:')) {
    throw new Error('not a base64-encoded minisign signature file');
  }
  return text;
}

/**
 * The `pubkey` a Tauri app is configured with for the public key file text `publicKeyText`
 * (as `tauri signer generate` prints it): the base64 of the whole file.
 */
export function tauriPublicKey(publicKeyText: string): string {
  return Buffer.from(publicKeyText, 'utf8').toString('base64');
}
