#!/usr/bin/env node
/**
 * The initial-JavaScript budget of the public pages. Reads a build's `.vite/manifest.json`
 * (`build.manifest: true`, or `vite build --manifest`) and, for each public page, sums the
 * JavaScript a browser loads before the page answers: the entry chunk (`index.html`, src/boot.ts)
 * and what it imports dynamically once the page is painted (the app, src/main.tsx), each with every
 * chunk it imports statically, transitively, plus the page's route module
 * (`src/app/routes/<page>.tsx`) with its static imports. Other dynamic imports (other pages, lazy
 * dialogs, menus, toasts, markdown) are not counted: they load on demand.
 *
 * Prints raw, gzip and brotli (quality 11) bytes per page and exits 1 when a page is over the
 * brotli budget (default 100 KB = 102400 bytes), listing that page's largest chunks.
 *
 * Usage: node apps/web/scripts/bundle-budget.mjs [distDir] [--budget <bytes|100KB>]
 * (distDir defaults to apps/web/dist). `measureBudget()` is exported for the web test
 * src/bundle-budget.test.ts, which builds into a temporary folder and checks the same numbers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Default brotli budget of a page's initial JavaScript, in bytes (100 KB). */
export const DEFAULT_BUDGET = 100 * 1024;

/** Each public page's path and its route module (apps/web/src/app/router.tsx). */
export const PAGE_ROUTES = [
  { page: '/', route: 'src/app/routes/landing.tsx' },
  { page: '/plans', route: 'src/app/routes/plans.tsx' },
  { page: '/changelog', route: 'src/app/routes/changelog.tsx' },
  { page: '/support', route: 'src/app/routes/support.tsx' },
  { page: '/login', route: 'src/app/routes/login.tsx' },
  { page: '/register', route: 'src/app/routes/register.tsx' },
  { page: '/privacy', route: 'src/app/routes/privacy.tsx' },
  { page: '/terms', route: 'src/app/routes/terms.tsx' },
];

/** The manifest key of the app's entry. */
const ENTRY = 'index.html';

/**
 * The manifest keys a page loads before it answers, besides its route: the entry and what the
 * entry imports dynamically (src/boot.ts starts the app after the first paint).
 */
export function startKeys(manifest) {
  return [ENTRY, ...(manifest[ENTRY]?.dynamicImports ?? [])];
}

/** Reads `<distDir>/.vite/manifest.json`; throws with a hint when the build has none. */
export function readManifest(distDir) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} not found: build with \`build.manifest: true\` or \`vite build --manifest\``,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The manifest keys loaded with `keys`: each one and its static `imports`, transitively (never
 * `dynamicImports`). Throws when a key is not in the manifest (a renamed route module).
 */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Raw, gzip (level 9) and brotli (quality 11) byte counts of `bytes`. */
export function compressedSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/**
 * Measures every public page of the build in `distDir` against `budget` (brotli bytes). Returns
 * `{ budget, pages }`, each page `{ page, route, raw, gzip, brotli, over, chunks }` where `chunks`
 * are the JS files counted (`{ file, name, raw, gzip, brotli }`, largest brotli first). Each file
 * is compressed on its own, as a server sends it.
 */
export function measureBudget(distDir, { budget = DEFAULT_BUDGET, pages = PAGE_ROUTES } = {}) {
  const manifest = readManifest(distDir);
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, compressedSizes(readFileSync(path.join(distDir, file))));
    return sizes.get(file);
  };
  return {
    budget,
    pages: pages.map(({ page, route }) => {
      const chunks = [...staticClosure(manifest, [...startKeys(manifest), route])]
        .map((key) => manifest[key])
        .filter((chunk) => chunk.file.endsWith('.js'))
        .map((chunk) => ({
          file: chunk.file,
          name: chunk.name ?? chunk.file,
          ...sizeOf(chunk.file),
        }))
        .sort((a, b) => b.brotli - a.brotli);
      const total = (key) => chunks.reduce((sum, chunk) => sum + chunk[key], 0);
      const brotli = total('brotli');
      return {
        page,
        route,
        raw: total('raw'),
        gzip: total('gzip'),
        brotli,
        over: brotli > budget,
        chunks,
      };
    }),
  };
}

/** `bytes` in KB with one decimal, e.g. 102400 → '100.0 KB'. */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The report of {@link measureBudget}'s result as lines of text: the table, then, when a page is
 * over, the largest chunks every page loads and each page's largest chunks of its own (`top` of
 * each).
 */
export function formatReport({ budget, pages }, { top = 10 } = {}) {
  const rows = [['page', 'chunks', 'raw', 'gzip', 'brotli', '']];
  for (const p of pages) {
    rows.push([
      p.page,
      String(p.chunks.length),
      kb(p.raw),
      kb(p.gzip),
      kb(p.brotli),
      p.over ? `OVER by ${kb(p.brotli - budget)}` : 'ok',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const lines = [`Initial JS of the public pages (budget ${kb(budget)} brotli)`, ''];
  for (const row of rows) {
    lines.push(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  '),
    );
  }
  const over = pages.filter((page) => page.over);
  if (over.length === 0) return lines;
  const chunkLine = (c) =>
    `  ${kb(c.brotli).padStart(9)} br  ${kb(c.raw).padStart(9)} raw  ${c.file}`;
  const shared = pages
    .map((p) => new Set(p.chunks.map((c) => c.file)))
    .reduce((a, b) => new Set([...a].filter((file) => b.has(file))));
  const sharedChunks = pages[0].chunks.filter((c) => shared.has(c.file));
  const sharedBrotli = sharedChunks.reduce((sum, c) => sum + c.brotli, 0);
  lines.push('', `Loaded by every page: ${kb(sharedBrotli)} brotli, largest first`);
  lines.push(...sharedChunks.slice(0, top).map(chunkLine));
  for (const p of over) {
    const own = p.chunks.filter((c) => !shared.has(c.file));
    const ownBrotli = own.reduce((sum, c) => sum + c.brotli, 0);
    lines.push('', `${p.page} (${p.route}) adds ${kb(ownBrotli)} brotli:`);
    lines.push(...own.slice(0, top).map(chunkLine));
  }
  return lines;
}

/** Parses `100KB`, `100k` or `102400` into bytes. */
function parseBytes(value) {
  const match = /^(\d+(?:\.\d+)?)\s*(k|kb|kib)?$/i.exec(String(value).trim());
  if (!match) throw new Error(`--budget: expected bytes or e.g. 100KB, got ${value}`);
  return Math.round(Number(match[1]) * (match[2] ? 1024 : 1));
}

/** Command line: prints the report, exit code 1 when a page is over its budget. */
function main(argv) {
  let distDir = path.join(import.meta.dirname, '..', 'dist');
  let budget = DEFAULT_BUDGET;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--budget') budget = parseBytes(argv[(i += 1)]);
    else if (arg.startsWith('--budget=')) budget = parseBytes(arg.slice('--budget='.length));
    else if (arg === '--help' || arg === '-h') {
      console.log('Usage: node apps/web/scripts/bundle-budget.mjs [distDir] [--budget 100KB]');
      return 0;
    } else distDir = path.resolve(arg);
  }
  const result = measureBudget(distDir, { budget });
  console.log(formatReport(result).join('\n'));
  return result.pages.some((p) => p.over) ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}
