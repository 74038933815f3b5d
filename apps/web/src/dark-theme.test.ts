/** The generated dark theme (scripts/dark-theme.mjs) matches the palette it is made from. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types.
import { OUTPUT, darkThemeCss, readInputs } from '../scripts/dark-theme.mjs';

describe('dark theme', () => {
  it('is up to date (run `node scripts/dark-theme.mjs` in apps/web after a palette change)', () => {
    const { tailwindCss, appCss } = readInputs();
    expect(readFileSync(OUTPUT, 'utf8')).toBe(darkThemeCss(tailwindCss, appCss));
  });

  it('mirrors each ramp: the darkest shade takes the lightest value and back', () => {
    const { tailwindCss, appCss } = readInputs();
    const css: string = darkThemeCss(tailwindCss, appCss);
    const light = (name: string) =>
      new RegExp(`--color-${name}:\\s*([^;]+);`).exec(tailwindCss)?.[1];
    expect(css).toContain(`--color-slate-950: ${light('slate-50')};`);
    expect(css).toContain(`--color-slate-50: ${light('slate-950')};`);
    expect(css).toContain(`--color-white: ${light('slate-900')};`);
    expect(css).toContain(`--color-red-700: ${light('red-300')};`);
  });
});
