import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/plans')).toBe('/plans');
    expect(safeRedirect('/sandbox/checkout/abc?x=1#y')).toBe('/sandbox/checkout/abc?x=1#y');
  });

  it.each([
    ['//evil.com'],
    ['https://evil.com'],
    ['/\\evil'],
    ['/\\\\evil.com'],
    ['evil.com'],
    ['javascript:alert(1)'],
    ['/\t/evil.com'],
    [''],
  ])('refuses %j and falls back to /', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it('falls back when absent, with a custom fallback', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/orders')).toBe('/orders');
  });

  it('builds encoded redirect links', () => {
    expect(withRedirect('/register', '/plans')).toBe('/register?redirect=/plans');
    expect(withRedirect('/login', '/a?b=1&c')).toBe('/login?redirect=/a%3Fb%3D1%26c');
  });
});
