/** The generated font fallback (scripts/font-fallback.mjs) matches Inter's metrics. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types.
import { OUTPUT, fontFallbackCss } from '../scripts/font-fallback.mjs';

describe('font fallback', () => {
  it('is up to date (run `node scripts/font-fallback.mjs` in apps/web after a font change)', async () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(await fontFallbackCss());
  });

  it('stands right behind Inter in the font stack', () => {
    const css = readFileSync(path.join(path.dirname(OUTPUT as string), 'index.css'), 'utf8');
    expect(css).toMatch(/--font-sans:\s*'Inter Variable',\s*'Inter Fallback',/);
    expect(css).toContain("@import './font-fallback.css';");
  });
});
