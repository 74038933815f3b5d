/**
 * The seller's license signing keys (docs/licenses.md "Signing keys"): read from the environment
 * as a PEM or a seed, else generated once into DATA_DIR (mode 0600) and reused; the previous key
 * published after a rotation; never in an error message or the configuration's text; and
 * `npm run license -- public-key` printing the same public key.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { runCli } from '../test/cli.js';
import {
  LICENSE_SIGNING_KEY_FILE,
  generateSigningKeyPem,
  loadLicenseSigningKeys,
  parsePrivateSigningKey,
} from './license-signing-keys.js';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'flockr-signing-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The base64 32-byte seed of a PKCS#8 PEM Ed25519 key (its last 32 DER bytes). */
const seedOf = (pem: string) =>
  parsePrivateSigningKey(pem)
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .subarray(-32)
    .toString('base64');

describe('license signing keys', () => {
  it('reads a PEM or its seed as the same key, with the kid of its public key', () => {
    const pem = generateSigningKeyPem();
    const fromPem = loadLicenseSigningKeys(pem, undefined, tmp);
    const fromSeed = loadLicenseSigningKeys(seedOf(pem), undefined, tmp);
    expect(fromSeed.current.kid).toBe(fromPem.current.kid);
    expect(fromPem.current.kid).toMatch(/^[0-9a-f]{16}$/);
    expect(fromPem.current.rawPublicKey).toHaveLength(32);
    expect(fromPem.previous).toBeUndefined();
  });

  it('generates a key once into DATA_DIR, mode 0600, and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmp, 'data-'));
    const first = loadLicenseSigningKeys(undefined, undefined, dir);
    const file = path.join(dir, LICENSE_SIGNING_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(loadLicenseSigningKeys(undefined, undefined, dir).current.kid).toBe(first.current.kid);
  });

  it('publishes the previous key (private or public PEM), not the current one twice', () => {
    const current = generateSigningKeyPem();
    const old = generateSigningKeyPem();
    const oldPublic = parsePrivateSigningKey(old).publicKeyPem;
    const withPrivate = loadLicenseSigningKeys(current, old, tmp);
    const withPublic = loadLicenseSigningKeys(current, oldPublic, tmp);
    expect(withPublic.previous?.kid).toBe(withPrivate.previous?.kid);
    expect(withPrivate.previous?.kid).not.toBe(withPrivate.current.kid);
    expect(loadLicenseSigningKeys(current, current, tmp).previous).toBeUndefined();
  });

  it('refuses a bad key naming the variable, never its value', () => {
    const secret = randomBytes(20).toString('base64');
    let error: unknown;
    try {
      loadConfig({ LICENSE_SIGNING_KEY: secret, JWT_SECRET: 'x'.repeat(40) }, { dataDir: tmp });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/LICENSE_SIGNING_KEY must be an Ed25519/);
    expect((error as ConfigError).message).not.toContain(secret);
    expect(() =>
      loadConfig(
        {
          LICENSE_SIGNING_KEY: generateSigningKeyPem(),
          LICENSE_SIGNING_KEY_PREVIOUS: 'nope',
          JWT_SECRET: 'x'.repeat(40),
        },
        { dataDir: tmp },
      ),
    ).toThrow(/LICENSE_SIGNING_KEY_PREVIOUS/);
  });

  it('reads LICENSE_DEVICE_TIMEOUT and LICENSE_FILE_TTL as days or with a unit', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env }, { dataDir: tmp }).licenses;
    expect(config({})).toMatchObject({
      deviceTimeoutMs: 30 * 86_400_000,
      fileTtlMs: 14 * 86_400_000,
    });
    expect(config({ LICENSE_DEVICE_TIMEOUT: '7', LICENSE_FILE_TTL: '12h' })).toMatchObject({
      deviceTimeoutMs: 7 * 86_400_000,
      fileTtlMs: 12 * 3_600_000,
    });
    expect(() => config({ LICENSE_FILE_TTL: 'soon' })).toThrow(ConfigError);
    // Key material never shows in the configuration's text form.
    expect(JSON.stringify(config({}))).not.toMatch(/PRIVATE KEY/);
  });

  it('npm run license -- public-key prints the current public key', async () => {
    const pem = generateSigningKeyPem();
    const key = parsePrivateSigningKey(pem);
    const run = (args: string[]) =>
      runCli('license', args, {
        DATA_DIR: tmp,
        JWT_SECRET: 'x'.repeat(40),
        LICENSE_SIGNING_KEY: pem,
      });
    const printed = await run(['public-key']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain(`kid: ${key.kid}`);
    expect(printed.stdout).toContain(`public_key: ${key.rawPublicKey.toString('base64')}`);
    expect(printed.stdout).toContain(key.publicKeyPem);
    expect(printed.stdout).not.toContain('PRIVATE KEY');
    const json = await run(['public-key', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ keys: [{ kid: key.kid, status: 'current' }] });
    expect((await run(['nonsense'])).code).toBe(2);
  });
});
