/**
 * Admin bootstrap: when ADMIN_EMAIL and ADMIN_PASSWORD are set, make sure that account exists and
 * is an ACTIVE admin. A missing account is created with that password; an existing one is
 * promoted to ADMIN (a SUPER_ADMIN stays SUPER_ADMIN) and its password is left unchanged.
 * No default admin or password exists in code.
 */
import { USERNAME_MAX_LENGTH } from '@flockr/contract';
import type { AppConfig } from '../config.js';
import type { Executor } from '../db/client.js';
import { hashPassword } from '../lib/password.js';
import {
  findUserByEmail,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../modules/users/repository.js';

/** Returns what it did: 'created', 'promoted', 'unchanged' or 'skipped' (no ADMIN_EMAIL). */
export async function ensureAdmin(
  db: Executor,
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'passwordHashCost'>,
): Promise<'created' | 'promoted' | 'unchanged' | 'skipped'> {
  const { adminEmail: email, adminPassword: password } = config;
  if (!email || !password) return 'skipped';
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'USER' && existing.status === 'ACTIVE') return 'unchanged';
    await updateUser(db, existing.id, {
      role: existing.role === 'USER' ? 'ADMIN' : existing.role,
      status: 'ACTIVE',
    });
    return 'promoted';
  }
  await insertUser(db, {
    username: await freeUsername(db, email.split('@')[0] ?? 'admin'),
    email,
    passwordHash: await hashPassword(password, config.passwordHashCost),
    role: 'ADMIN',
    notificationsEnabled: false,
    marketingEmails: false,
  });
  return 'created';
}

/** A username derived from `base` that no one has yet (admin, admin2, admin3, …). */
export async function freeUsername(db: Executor, base: string): Promise<string> {
  const clean = (base.replace(/[^A-Za-z0-9._-]/g, '') || 'admin')
    .padEnd(3, '0')
    .slice(0, USERNAME_MAX_LENGTH - 4);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? clean : `${clean}${n}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
}
