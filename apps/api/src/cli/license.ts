/**
 * `npm run license -- <command>`: the seller's license signing keys from the shell
 * (docs/licenses.md "Signing keys").
 *   public-key           the current public key: its kid, the raw key in base64 and the PEM
 *   public-key --json    the keys document (as `/.well-known/flockr-license-keys.json` serves it)
 *   generate-key         a new private key (PKCS#8 PEM) to put in LICENSE_SIGNING_KEY when
 *                        rotating; printed, never stored
 * Reads the key as the server does: LICENSE_SIGNING_KEY, else DATA_DIR/license-signing-key
 * (created on first use). The private key is never printed by `public-key`.
 */
import { loadConfig } from '../config.js';
import { generateSigningKeyPem } from '../lib/license-signing-keys.js';
import { licenseKeysDocument } from '../modules/licenses/signing.js';

const USAGE = 'Usage: npm run license -- public-key [--json] | generate-key';

function main(argv: string[]): number {
  const [command, ...flags] = argv;
  if (command === 'generate-key' && flags.length === 0) {
    process.stdout.write(generateSigningKeyPem());
    return 0;
  }
  if (command !== 'public-key' || flags.some((f) => f !== '--json')) {
    console.error(USAGE);
    return 2;
  }
  const keys = loadConfig().licenses.signingKeys;
  if (flags.includes('--json')) {
    console.log(JSON.stringify(licenseKeysDocument(keys), null, 2));
    return 0;
  }
  console.log(`kid: ${keys.current.kid}`);
  console.log(`algorithm: ed25519`);
  console.log(`public_key: ${keys.current.rawPublicKey.toString('base64')}`);
  process.stdout.write(keys.current.publicKeyPem);
  if (keys.previous) console.log(`previous kid: ${keys.previous.kid}`);
  return 0;
}

try {
  process.exit(main(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
