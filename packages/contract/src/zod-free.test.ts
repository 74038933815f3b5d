/**
 * The modules the web app's first chunk uses stay free of zod, and so do the modules they import:
 * with `"sideEffects": false` a bundle then keeps zod and the schemas out of that chunk, and loads
 * them with the API client's first call (apps/web/scripts/bundle-budget.mjs checks the sizes).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Modules whose values the first chunk of a public page may use. */
const ZOD_FREE = [
  'client-errors',
  'constants',
  'errors',
  'http',
  'money',
  'order-ref',
  'payments-mode',
  'roles',
  'seller',
  'validation-rules',
];

/** The modules `name` imports as values (type-only imports are erased and do not count). */
function valueImports(name: string): string[] {
  const source = readFileSync(new URL(`./${name}.ts`, import.meta.url), 'utf8');
  return [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gm)]
    .filter((match) => !match[1])
    .map((match) => match[2]!);
}

describe('zod-free modules', () => {
  it.each(ZOD_FREE)('%s imports neither zod nor a module with schemas', (name) => {
    for (const imported of valueImports(name)) {
      expect(imported).not.toMatch(/^zod/);
      if (imported.startsWith('./')) {
        expect(ZOD_FREE).toContain(imported.slice(2).replace(/\.js$/, ''));
      }
    }
  });

  it('the package says it has no side effects, so bundles drop what they do not use', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      sideEffects?: unknown;
    };
    expect(pkg.sideEffects).toBe(false);
  });
});
