/**
 * Admin accounts from configuration and the shell (README "Admins"). With ADMIN_EMAIL and
 * ADMIN_PASSWORD set, the server makes sure that account exists and is an ACTIVE admin: a
 * missing account is created with that password (and counts as verified: its address comes from
 * the operator); an existing one is promoted to ADMIN (a SUPER_ADMIN stays one) and its password
 * is left unchanged; either way the account counts as verified. No default admin or password
 * exists in code.
 */
import { USERNAME_MAX_LENGTH, type UserRole } from '@flockr/contract';
import type { AppConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { UserRow } from '../../db/schema.js';
import { PasswordHasher } from '../../lib/password.js';
import { findUserByEmail, findUserByUsername, insertUser, updateUser } from './repository.js';

/** A username derived from `base` that no one has yet (admin, admin2, admin3, …). */
async function freeUsername(db: Executor, base: string): Promise<string> {
  const clean = (base.replace(/[^A-Za-z0-9._-]/g, '') || 'admin')
    .padEnd(3, '0')
    .slice(0, USERNAME_MAX_LENGTH - 4);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? clean : `${clean}${n}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
}

/** The account with `email`, or undefined. */
export function findAccount(db: Executor, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** Creates an ACTIVE, verified account with `role` and `password`; returns it. */
export async function createAdminAccount(
  db: Executor,
  input: { email: string; password: string; role: UserRole; passwords: PasswordHasher },
): Promise<UserRow> {
  const username = await freeUsername(db, input.email.split('@')[0] ?? 'admin');
  const passwordHash = await input.passwords.hash(input.password);
  return insertUser(db, {
    username,
    email: input.email,
    passwordHash,
    role: input.role,
    emailVerifiedAt: new Date(),
    notificationsEnabled: false,
    marketingEmails: false,
  });
}

/**
 * Makes account `user` ACTIVE with `role`, and verified: its address was named by the operator
 * (ADMIN_EMAIL or the shell), which confirms it as well as a link would.
 */
export async function promoteAccount(db: Executor, user: UserRow, role: UserRole): Promise<void> {
  await updateUser(db, user.id, {
    role,
    status: 'ACTIVE',
    ...(!user.emailVerifiedAt && { emailVerifiedAt: new Date() }),
  });
}

/** Applies ADMIN_EMAIL / ADMIN_PASSWORD; returns what it did ('skipped' without them). */
export async function ensureAdmin(
  db: Executor,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'passwordHashing'>,
): Promise<'created' | 'promoted' | 'unchanged' | 'skipped'> {
  const { adminEmail: email, adminPassword: password } = config;
  if (!email || !password) return 'skipped';
  /** Promotes the account with `email` if it exists; undefined when there is none. */
  const promoteExisting = async () => {
    const existing = await findUserByEmail(db, email);
    if (!existing) return undefined;
    if (existing.role !== 'USER' && existing.status === 'ACTIVE' && existing.emailVerifiedAt)
      return 'unchanged';
    await promoteAccount(db, existing, existing.role === 'USER' ? 'ADMIN' : existing.role);
    return 'promoted';
  };
  const done = await promoteExisting();
  if (done) return done;
  try {
    await createAdminAccount(db, {
      email,
      password,
      role: 'ADMIN',
      passwords: new PasswordHasher(config.passwordHashing),
    });
  } catch (error) {
    // Another instance starting at the same time created it first (scripts/test-cluster.mjs).
    if (!isUniqueViolation(error)) throw error;
    const after = await promoteExisting();
    if (!after) throw error;
    return after;
  }
  return 'created';
}
