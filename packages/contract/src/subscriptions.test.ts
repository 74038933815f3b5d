import { describe, expect, it } from 'vitest';
import { renewalDate, renewalSentence } from './subscriptions.js';

describe('renewalSentence', () => {
  const expires_at = '2026-12-23T10:00:00.000Z';

  it('says an active subscription is paid through its end and can be renewed any time', () => {
    expect(renewalSentence({ status: 'ACTIVE', expires_at })).toBe(
      'Paid through Dec 23, 2026 · renew any time',
    );
  });

  it('says when a subscription set to end ends, and when an expired one ended', () => {
    expect(renewalSentence({ status: 'CANCELLED', expires_at })).toBe('Ends Dec 23, 2026');
    expect(renewalSentence({ status: 'EXPIRED', expires_at })).toBe('Ended Dec 23, 2026');
  });

  it('writes the date in UTC, whatever the hour', () => {
    expect(renewalDate('2026-12-31T23:59:59.000Z')).toBe('Dec 31, 2026');
    expect(renewalDate('2027-01-01T00:00:00.000Z')).toBe('Jan 1, 2027');
  });
});
