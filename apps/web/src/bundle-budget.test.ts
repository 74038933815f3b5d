/**
 * The JavaScript each public page loads before it is interactive (scripts/bundle-budget.mjs),
 * measured on a fresh production build made with the app's own Vite configuration in a temporary
 * folder (never dist/). It checks what must stay out of those chunks (zod and the schemas, sonner,
 * Radix, react-hook-form, markdown, charts, the admin panel, profile and checkout code) and the
 * brotli size of each page against {@link SIZE_LIMIT}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BUDGET,
  formatReport,
  measureBudget,
  PAGE_ROUTES,
  readManifest,
  staticClosure,
  startKeys,
  type BudgetResult,
} from '../scripts/bundle-budget.mjs';

/**
 * The brotli bytes a public page may load before it is interactive: the target of
 * docs/web-performance.md ("What a public page loads"), 100 KB, of which React, React DOM, React
 * Router (declarative mode) and TanStack Query take about 77 KB.
 */
const SIZE_LIMIT = DEFAULT_BUDGET;

/** Modules no public page may load before it is interactive: each loads where it is used. */
const LAZY_ONLY: [what: string, module: RegExp][] = [
  ['zod', /[\\/]node_modules[\\/]zod[\\/]/],
  ['the route table and its schemas', /packages[\\/]contract[\\/]src[\\/]routes\.ts$/],
  ['sonner (toasts)', /[\\/]node_modules[\\/]sonner[\\/]/],
  ['Radix (dialogs, menus)', /[\\/]node_modules[\\/]@radix-ui[\\/]/],
  ['floating-ui (menu positioning)', /[\\/]node_modules[\\/]@floating-ui[\\/]/],
  ['react-hook-form', /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/],
  ['react-markdown', /[\\/]node_modules[\\/](react-markdown|micromark[^\\/]*|remark-[^\\/]+)[\\/]/],
  ['recharts', /[\\/]node_modules[\\/]recharts[\\/]/],
  ['the admin panel', /src[\\/]features[\\/]admin[\\/]/],
  ['the profile', /src[\\/]features[\\/]profile[\\/]/],
  ['the payment page and thank-you page', /src[\\/]features[\\/]checkout[\\/]/],
  [
    'the checkout of /plans',
    /src[\\/]features[\\/]plans[\\/](components[\\/](checkout-dialog|continue-chosen-plan)|api[\\/](purchase|place-order|continue-checkout))\.tsx?$/,
  ],
  ['the user menu', /src[\\/]components[\\/]layout[\\/]user-menu\.tsx$/],
];

const root = path.resolve(import.meta.dirname, '..');
let outDir = '';
let result: BudgetResult;
/** Each output chunk's file name and the modules in it. */
const modulesOf = new Map<string, string[]>();

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'flockr-budget-'));
  // Vitest runs with NODE_ENV=test, which would make Vite build React's development files.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let output: Awaited<ReturnType<typeof build>>;
  try {
    output = await build({
      root,
      mode: 'production',
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  for (const bundle of [output].flat() as Rolldown.RolldownOutput[]) {
    for (const item of bundle.output) {
      if (item.type === 'chunk') modulesOf.set(item.fileName, item.moduleIds);
    }
  }
  result = measureBudget(outDir, { budget: SIZE_LIMIT });
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('initial JavaScript of the public pages', () => {
  it.each(PAGE_ROUTES.map((p) => p.page))('%s loads none of the on-demand parts', (page) => {
    const { route } = PAGE_ROUTES.find((p) => p.page === page)!;
    const manifest = readManifest(outDir);
    const files = [...staticClosure(manifest, [...startKeys(manifest), route])].map(
      (k) => manifest[k]!.file,
    );
    const modules = files.flatMap((file) => modulesOf.get(file) ?? []);
    expect(modules.length).toBeGreaterThan(0);
    const found = LAZY_ONLY.filter(([, pattern]) => modules.some((id) => pattern.test(id))).map(
      ([what]) => what,
    );
    expect(found).toEqual([]);
  });

  it(`keeps every page within ${SIZE_LIMIT / 1024} KB brotli`, () => {
    const over = result.pages.filter((p) => p.over);
    expect(
      over.map((p) => p.page),
      formatReport(result).join('\n'),
    ).toEqual([]);
  });
});
