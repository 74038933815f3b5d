#!/usr/bin/env node
/**
 * The reference license client on the command line: each command does one step a desktop
 * program does with its license and prints what it did (README.md beside this file).
 *
 *   node cli.mjs activate   --server URL --key KEY [--name NAME] [--app-version V]
 *   node cli.mjs validate   --server URL --key KEY [--entitlement CODE] [--version V]
 *   node cli.mjs heartbeat  --server URL --key KEY [--app-version V]
 *   node cli.mjs checkout   --server URL --key KEY [--encrypt] [--out FILE]
 *   node cli.mjs verify     [--key KEY] [--file FILE] [--now ISO-8601]    (no network)
 *   node cli.mjs deactivate --server URL --key KEY
 *
 * Common options: --fingerprint FP (default: from this machine's id), --state DIR (default
 * ~/.flockr-desktop-client: the pinned keys and the license file), --keys FILE (a keys
 * document shipped with the program, instead of the pinned one). FLOCKR_URL and
 * FLOCKR_LICENSE_KEY stand for --server and --key.
 *
 * Exit status: 0 done (and, for validate, heartbeat and verify, valid); 1 refused, invalid or an
 * error from the server; 2 wrong usage.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  LicenseRefusedError,
  LicenseServerError,
  WELL_KNOWN_KEYS_PATH,
  activate,
  checkout,
  currentPlatform,
  deactivate,
  fetchPublicKeys,
  heartbeat,
  machineFingerprint,
  publicKeysDocument,
  publicKeysFromDocument,
  validate,
  verifyOffline,
} from './client.mjs';

const COMMANDS = ['activate', 'validate', 'heartbeat', 'checkout', 'verify', 'deactivate'];
const USAGE = `Usage: node cli.mjs <${COMMANDS.join('|')}> [options]
  --server URL        the seller's server (or FLOCKR_URL)
  --key KEY           the license key (or FLOCKR_LICENSE_KEY)
  --fingerprint FP    this device's fingerprint (default: from the machine id)
  --state DIR         where the pinned keys and the license file are kept
                      (default ~/.flockr-desktop-client)
  --keys FILE         a keys document shipped with the program (instead of pinning)
  --name NAME         activate: the device's name (default: the host name)
  --app-version V     activate, heartbeat: this program's version
  --entitlement CODE  validate: a feature the program needs (e.g. WHITE_LABEL)
  --version V         validate: this program's version
  --encrypt           checkout: encrypt the file for this key and device
  --out FILE          checkout: where to save the file (default STATE/license.flockr)
  --file FILE         verify: the file to check (default STATE/license.flockr)
  --now ISO-8601      verify: the instant to check at (default: now)`;

/** A wrong command line: printed with the usage, exit status 2. */
class UsageError extends Error {}

/**
 * The public keys: from --keys, else the ones pinned in the state folder, else (not for
 * `verify`) fetched once from the server's /.well-known address and pinned there.
 * @param {{ keys?: string, server?: string }} options
 * @param {string} stateDir
 * @param {boolean} mayFetch
 * @returns {Promise<import('./client.mjs').PublicKey[]>}
 */
async function loadKeys(options, stateDir, mayFetch) {
  const pinned = path.join(stateDir, 'keys.json');
  const file = options.keys ?? pinned;
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text !== undefined) return publicKeysFromDocument(JSON.parse(text));
  if (options.keys) throw new UsageError(`Cannot read ${options.keys}`);
  if (!mayFetch || !options.server)
    throw new Error(`No pinned public keys in ${pinned}: run a command with --server first`);
  const keys = await fetchPublicKeys(options.server);
  await mkdir(stateDir, { recursive: true });
  await writeFile(pinned, `${JSON.stringify(publicKeysDocument(keys), null, 2)}\n`);
  console.log(
    `Pinned ${keys.length} public key(s) (${keys.map((k) => k.kid).join(', ')}) from ` +
      `${options.server}${WELL_KNOWN_KEYS_PATH} in ${pinned}. A real program ships them.`,
  );
  return keys;
}

/**
 * `value`, or throws a UsageError naming the missing `option`.
 * @param {string | undefined} value
 * @param {string} option
 */
function required(value, option) {
  if (!value) throw new UsageError(`${option} is required`);
  return value;
}

/**
 * One line per entitlement: `CODE` or `CODE (limit N)`.
 * @param {{ code: string, limit: number | null }[]} entitlements
 */
const entitlementsText = (entitlements) =>
  entitlements.map((e) => (e.limit === null ? e.code : `${e.code} (${e.limit})`)).join(', ') ||
  'none';

/**
 * Runs the CLI with `argv` (without node and the script).
 * @param {string[]} argv
 * @returns {Promise<number>} the exit status.
 */
export async function main(argv) {
  const { values: o, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string', default: process.env.FLOCKR_URL },
      key: { type: 'string', default: process.env.FLOCKR_LICENSE_KEY },
      fingerprint: { type: 'string' },
      state: { type: 'string', default: path.join(os.homedir(), '.flockr-desktop-client') },
      keys: { type: 'string' },
      name: { type: 'string', default: os.hostname() },
      'app-version': { type: 'string' },
      entitlement: { type: 'string' },
      version: { type: 'string' },
      encrypt: { type: 'boolean', default: false },
      out: { type: 'string' },
      file: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (o.help) {
    console.log(USAGE);
    return 0;
  }
  const command = positionals[0] ?? '';
  if (!COMMANDS.includes(command) || positionals.length > 1)
    throw new UsageError(`Unknown command ${JSON.stringify(positionals.join(' '))}`);
  const stateDir = o.state ?? '.';
  const fingerprint = o.fingerprint ?? (await machineFingerprint());
  const licenseFilePath = path.join(stateDir, 'license.flockr');

  if (command === 'verify') {
    const file = o.file ?? licenseFilePath;
    const now = o.now ? new Date(o.now) : new Date();
    if (Number.isNaN(now.getTime())) throw new UsageError('--now must be an ISO 8601 instant');
    const publicKeys = await loadKeys(o, stateDir, false);
    const { payload, kid, encrypted } = await verifyOffline(await readFile(file, 'utf8'), {
      publicKeys,
      key: o.key,
      fingerprint,
      now,
    });
    console.log(`Verified ${file} offline (signed by ${kid}${encrypted ? ', decrypted' : ''}).`);
    console.log(
      `  License ${payload.license.id}: ${payload.license.status}, plan ${payload.license.plan.name}`,
    );
    console.log(`  Entitlements: ${entitlementsText(payload.license.entitlements)}`);
    console.log(`  Device: ${payload.device.name}`);
    console.log(`  Valid offline from ${payload.issued_at} until ${payload.expires_at}`);
    return 0;
  }

  const server = required(o.server, '--server');
  const key = required(o.key, '--key');
  const publicKeys = await loadKeys(o, stateDir, true);
  const call = { publicKeys };

  switch (command) {
    case 'activate': {
      const answer = await activate(
        server,
        key,
        {
          fingerprint,
          name: o.name ?? 'This computer',
          platform: currentPlatform(),
          hostname: os.hostname(),
          ...(o['app-version'] && { app_version: o['app-version'] }),
        },
        call,
      );
      console.log(
        `${answer.activated ? 'Activated' : 'Already active on'} this device ` +
          `"${answer.device.name}" (${answer.device.id}).`,
      );
      console.log(
        `  License ${answer.license.id}: ${answer.license.status}, plan ${answer.license.plan.name}, ` +
          `${answer.license.active_devices} of ${answer.license.max_devices} devices, ` +
          `paid until ${answer.license.expires_at}`,
      );
      return 0;
    }
    case 'validate':
    case 'heartbeat': {
      const answer =
        command === 'validate'
          ? await validate(server, key, fingerprint, {
              ...call,
              entitlement: o.entitlement,
              version: o.version,
            })
          : await heartbeat(server, key, fingerprint, { ...call, appVersion: o['app-version'] });
      console.log(
        `${command === 'validate' ? 'Validated' : 'Heartbeat'}: ${answer.code} (signature by a ` +
          `pinned key, nonce echoed, issued ${answer.issued_at}).`,
      );
      console.log(`  ${answer.message}`);
      console.log(
        `  Plan ${answer.license.plan.name}, paid until ${answer.license.expires_at}; ` +
          `entitlements: ${entitlementsText(answer.license.entitlements)}`,
      );
      return answer.valid ? 0 : 1;
    }
    case 'checkout': {
      const out = o.out ?? licenseFilePath;
      await mkdir(path.dirname(out), { recursive: true });
      const file = await checkout(server, key, fingerprint, {
        ...call,
        encrypt: o.encrypt,
        path: out,
      });
      console.log(
        `Saved the ${file.encrypted ? 'encrypted ' : ''}license file in ${out} (verified).`,
      );
      console.log(`  Valid offline until ${file.payload.expires_at}`);
      return 0;
    }
    case 'deactivate': {
      const answer = await deactivate(server, key, fingerprint, call);
      console.log(
        answer.deactivated
          ? 'Deactivated this device: its seat is free.'
          : 'This device held no seat.',
      );
      return 0;
    }
  }
  return 2;
}

// Run when started as a program (not when imported).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (error) => {
      if (error instanceof UsageError || error?.code?.startsWith?.('ERR_PARSE_ARGS')) {
        console.error(`${error.message}\n\n${USAGE}`);
        process.exit(2);
      }
      if (error instanceof LicenseRefusedError)
        console.error(`Refused (${error.reason}): ${error.message}`);
      else if (error instanceof LicenseServerError)
        console.error(`The server said no (${error.status} ${error.code}): ${error.message}`);
      else console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
