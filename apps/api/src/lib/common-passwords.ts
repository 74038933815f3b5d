/**
 * Common-password check (OWASP ASVS 5.0 V6.2: refuse the most common passwords). The list is the
 * top of the leaked-password ranking shipped by `@zxcvbn-ts/language-common`, compared without
 * regard to case, so "Password123" is refused along with "password123".
 */
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused. */
const COMMON_PASSWORD_COUNT = 10_000;

const ranked = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
const common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));

/** True when `password` is one of the {@link COMMON_PASSWORD_COUNT} most common passwords. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
