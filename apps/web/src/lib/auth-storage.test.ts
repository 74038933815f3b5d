/** The stored user's shape check (auth-storage.ts `looksLikeUser`), which runs without zod. */
import { describe, expect, it } from 'vitest';
import { userSchema } from '@flockr/contract';
import { makeUser } from '../test/fixtures';
import { looksLikeUser } from './auth-storage';

const subscribed = makeUser({
  role: 'SUPER_ADMIN',
  country: 'CA',
  subscription: { plan_name: 'PRO', status: 'CANCELLED', expires_at: '2099-01-01T00:00:00.000Z' },
});

describe('looksLikeUser', () => {
  it('accepts every user the contract accepts, as stored by JSON', () => {
    for (const user of [makeUser(), subscribed]) {
      const stored: unknown = JSON.parse(JSON.stringify(user));
      expect(userSchema.safeParse(stored).success).toBe(true);
      expect(looksLikeUser(stored)).toBe(true);
    }
  });

  it.each([
    ['not an object', 'alice'],
    ['null', null],
    ['a field missing', { ...makeUser(), email: undefined }],
    ['a field of the wrong type', { ...makeUser(), email_verified: 'yes' }],
    ['an unknown role', { ...makeUser(), role: 'ROOT' }],
    ['an unknown account status', { ...makeUser(), status: 'GONE' }],
    ['a subscription without its end', { ...subscribed, subscription: { plan_name: 'PRO' } }],
  ])('refuses %s', (_case, value) => {
    expect(looksLikeUser(value)).toBe(false);
  });
});
