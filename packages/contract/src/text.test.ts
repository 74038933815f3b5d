import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, isCleanText, text, tokenText } from './text.js';
import { emailSchema } from './validation.js';
import {
  createChangelogRequestSchema,
  createDownloadRequestSchema,
  planInputSchema,
} from './admin.js';

describe('text(): the one schema for text a client sends', () => {
  it.each([
    ['a NUL', 'x@\u0000example.com'],
    ['a bell', 'ding\u0007'],
    ['an escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
  ])('refuses %s', (_name, value) => {
    expect(text().safeParse(value).error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacters);
    expect(isCleanText(value, true)).toBe(false);
  });

  it('accepts any printable Unicode, including emoji and other scripts', () => {
    for (const value of ['Grüße', '日本語', 'emoji 🚀 ok', 'Ünïcödé — “quotes”'])
      expect(text().parse(value)).toBe(value);
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    expect(text().safeParse('two\nlines').error?.issues[0]?.message).toBe(TEXT_MESSAGES.lineBreaks);
    expect(text({ multiline: true }).parse('two\r\nlines\tand a tab')).toBe(
      'two\r\nlines\tand a tab',
    );
  });

  it('keeps the field messages of the schemas built on it', () => {
    expect(emailSchema.safeParse('x@\u0000example.com').error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.controlCharacters,
    );
    expect(emailSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Email is required');
    const plan = planInputSchema.safeParse({
      name: 'PRO',
      description: 'a\u0000b',
      monthly_price: 1,
      yearly_price: 10,
      features: ['x'],
    });
    expect(plan.error?.issues[0]).toMatchObject({
      path: ['description'],
      message: TEXT_MESSAGES.controlCharacters,
    });
    const entry = createChangelogRequestSchema.safeParse({
      version: '1.0.0',
      title: 'T\u0000',
      changes: '- one\n- two',
      release_date: '2026-11-23',
    });
    expect(entry.error?.issues.map((i) => i.path[0])).toEqual(['title']);
  });

  it('tokenText accepts URL-safe tokens only', () => {
    const token = tokenText(20, 'Invalid token');
    expect(token.parse('sbx_AbC-12.x~')).toBe('sbx_AbC-12.x~');
    for (const bad of ['', 'a b', 'a%00', 'a\u0000', 'x'.repeat(21), '../etc'])
      expect(token.safeParse(bad).error?.issues[0]?.message).toBe('Invalid token');
  });

  it('a version hosted elsewhere must be an http(s) URL (no javascript: or data: links)', () => {
    const base = { version: '1.0.0', filename: 'a.zip', file_size: 1, release_date: '2026-11-23' };
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example/a.zip'])
      expect(createDownloadRequestSchema.safeParse({ ...base, download_url: url }).success).toBe(
        false,
      );
    expect(
      createDownloadRequestSchema.parse({ ...base, download_url: 'https://cdn.example/a.zip' })
        .download_url,
    ).toBe('https://cdn.example/a.zip');
  });
});
