import { describe, expect, it } from 'vitest';
import { entitlementLine, entitlementName } from './license-texts';
import { formatRelativeTime } from './format';

describe('entitlementLine', () => {
  it.each([
    [{ code: 'TWITTER_ACCOUNTS', limit: 5 }, 'Up to 5 Twitter accounts'],
    [{ code: 'TWITTER_ACCOUNTS', limit: 1 }, 'Up to 1 Twitter account'],
    [{ code: 'TWITTER_ACCOUNTS', limit: null }, 'Unlimited Twitter accounts'],
    [{ code: 'TWITTER_ACCOUNTS', limit: 0 }, 'No Twitter accounts'],
    [{ code: 'DAILY_ACTIONS', limit: 500 }, '500 daily actions'],
    [{ code: 'DAILY_ACTIONS', limit: 10000 }, '10,000 daily actions'],
    [{ code: 'DAILY_ACTIONS', limit: null }, 'Unlimited daily actions'],
    [{ code: 'WHITE_LABEL', limit: null }, 'White label'],
    [{ code: 'EMAIL_SUPPORT', limit: null }, 'Email support'],
    [{ code: 'PRIORITY_SUPPORT', limit: 3 }, 'Priority support (up to 3)'],
    [{ code: 'API_CALLS', limit: null }, 'Api calls'],
    [{ code: 'API_CALLS', limit: 1000 }, 'Api calls: up to 1,000'],
  ])('reads %o as %s', (entitlement, line) => {
    expect(entitlementLine(entitlement)).toBe(line);
  });

  it('names known codes and puts unknown ones in words', () => {
    expect(entitlementName('PHONE_SUPPORT')).toBe('Phone support');
    expect(entitlementName('CUSTOM__THING_2')).toBe('Custom thing 2');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  it.each([
    ['2026-11-20T11:59:30.000Z', 'just now'],
    ['2026-11-20T11:55:00.000Z', '5 minutes ago'],
    ['2026-11-20T11:00:00.000Z', '1 hour ago'],
    ['2026-11-19T11:00:00.000Z', 'yesterday'],
    ['2026-11-16T12:00:00.000Z', '4 days ago'],
    ['2026-10-30T12:00:00.000Z', '3 weeks ago'],
    ['2026-08-20T12:00:00.000Z', '3 months ago'],
    ['2024-11-20T12:00:00.000Z', '2 years ago'],
    ['2026-11-20T14:00:00.000Z', 'in 2 hours'],
  ])('says %s as %s', (iso, words) => {
    expect(formatRelativeTime(iso, now)).toBe(words);
  });

  it('says — for a missing or invalid time', () => {
    expect(formatRelativeTime(null, now)).toBe('—');
    expect(formatRelativeTime('not a date', now)).toBe('—');
  });
});
