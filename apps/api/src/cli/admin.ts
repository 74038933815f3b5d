/**
 * `npm run admin -- <command> <email>`: manage admins from the shell (README "Admins").
 *   create <email> [--super]   create an ADMIN (or SUPER_ADMIN) account; the password comes from
 *                              ADMIN_PASSWORD, or a random one is generated and printed once
 *   promote <email> [--super]  make an existing account ADMIN (or SUPER_ADMIN) and ACTIVE
 * Uses the same database as the server (DATABASE_URL, or PGlite under DATA_DIR: stop the server
 * first, the embedded database allows one process at a time).
 */
import { randomBytes } from 'node:crypto';
import { emailSchema, passwordMeetsRequirements } from '@flockr/contract';
import { loadConfig } from '../config.js';
import { openToolDatabase, runTool } from './tool.js';
import { PasswordHasher } from '../lib/password.js';
import { createAdminAccount, findAccount, promoteAccount } from '../modules/accounts/bootstrap.js';

const USAGE = 'Usage: npm run admin -- create|promote <email> [--super]';

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail, ...flags] = argv;
  const email = emailSchema.safeParse(rawEmail ?? '');
  if ((command !== 'create' && command !== 'promote') || !email.success) {
    console.error(USAGE);
    return 2;
  }
  const role = flags.includes('--super') ? 'SUPER_ADMIN' : 'ADMIN';
  // ADMIN_PASSWORD here is the new account's password, not the server's bootstrap pair.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const database = await openToolDatabase(config);
  try {
    const existing = await findAccount(database.db, email.data);
    if (command === 'promote') {
      if (!existing) {
        console.error(`No account with email ${email.data}.`);
        return 1;
      }
      await promoteAccount(database.db, existing, role);
      console.log(`${email.data} is now ${role}.`);
      return 0;
    }
    if (existing) {
      console.error(`An account with email ${email.data} already exists; use "promote".`);
      return 1;
    }
    const given = process.env.ADMIN_PASSWORD;
    if (given && !passwordMeetsRequirements(given)) {
      console.error(
        'ADMIN_PASSWORD does not meet the password requirements (8+ characters, 4 of 5 criteria).',
      );
      return 1;
    }
    const password = given ?? `${randomBytes(12).toString('base64url')}!a1A`;
    const created = await createAdminAccount(database.db, {
      email: email.data,
      password,
      role,
      passwords: new PasswordHasher(config.passwordHashing),
    });
    console.log(`Created ${role} ${email.data} (username ${created.username}).`);
    if (!given) console.log(`Password (shown once): ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}

runTool(() => main(process.argv.slice(2)));
