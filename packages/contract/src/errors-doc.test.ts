/**
 * docs/errors.md lists every error code with its status and text. This test keeps it in step with
 * the catalogue: run `UPDATE_DOCS=1 npx vitest run src/errors-doc.test.ts` in packages/contract
 * after changing API_ERRORS or API_ERROR_CODES.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, API_ERRORS, VALIDATION_FAILED, type ApiErrorKey } from './errors.js';

const docFile = path.resolve(import.meta.dirname, '../../../docs/errors.md');
const BEGIN = '<!-- codes:begin (generated from packages/contract/src/errors.ts) -->';
const END = '<!-- codes:end -->';

/** The generated table: every code, the catalogue key, and the text. */
function renderTable(): string {
  const rows = (Object.keys(API_ERROR_CODES) as ApiErrorKey[])
    .map((key) => ({ code: API_ERROR_CODES[key], key, text: API_ERRORS[key] }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return [
    '| Code | Key in `API_ERRORS` | Text |',
    '|---|---|---|',
    `| \`${VALIDATION_FAILED}\` | — | the failing field's own message (requirements §5) |`,
    ...rows.map((r) => `| \`${r.code}\` | \`${r.key}\` | ${r.text.replace(/\|/g, '\\|')} |`),
  ].join('\n');
}

describe('docs/errors.md', () => {
  it('lists every error code with its text', () => {
    const doc = readFileSync(docFile, 'utf8');
    const start = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(start, `${docFile} needs the ${BEGIN} marker`).toBeGreaterThanOrEqual(0);
    const current = doc.slice(start + BEGIN.length, end).trim();
    const wanted = renderTable();
    if (process.env.UPDATE_DOCS === '1' && current !== wanted) {
      writeFileSync(docFile, `${doc.slice(0, start + BEGIN.length)}\n${wanted}\n${doc.slice(end)}`);
      return;
    }
    expect(current).toBe(wanted);
  });

  it('every code is unique', () => {
    const codes = Object.values(API_ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
