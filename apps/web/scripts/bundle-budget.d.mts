/** Types of bundle-budget.mjs (the initial-JavaScript budget of the public pages). */

/** Default brotli budget of a page's initial JavaScript, in bytes (100 KB). */
export declare const DEFAULT_BUDGET: number;

/** A public page and the source of its route module, as the manifest names it. */
export interface PublicPageModule {
  page: string;
  route: string;
}

/** Each public page's path and its route module (apps/web/src/app/router.tsx). */
export declare const PAGE_ROUTES: readonly PublicPageModule[];

/** One chunk of Vite's manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Vite's manifest: chunks by key (source path or `_<file>`). */
export type Manifest = Record<string, ManifestChunk>;

/** Byte counts of one file or a sum of files. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** One JavaScript file a page loads. */
export interface ChunkSizes extends Sizes {
  file: string;
  name: string;
}

/** A page's initial JavaScript: totals, whether over budget, the chunks (largest first). */
export interface PageBudget extends Sizes {
  page: string;
  route: string;
  over: boolean;
  chunks: ChunkSizes[];
}

/** What {@link measureBudget} returns. */
export interface BudgetResult {
  budget: number;
  pages: PageBudget[];
}

/** Reads `<distDir>/.vite/manifest.json`; throws with a hint when the build has none. */
export declare function readManifest(distDir: string): Manifest;

/**
 * The manifest keys a page loads before it answers, besides its route: the entry and what the
 * entry imports dynamically (src/boot.ts starts the app after the first paint).
 */
export declare function startKeys(manifest: Manifest): string[];

/** The manifest keys loaded with `keys`: each and its static `imports`, transitively. */
export declare function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string>;

/** Raw, gzip (level 9) and brotli (quality 11) byte counts of `bytes`. */
export declare function compressedSizes(bytes: Uint8Array): Sizes;

/** Measures every public page of the build in `distDir` against `budget` (brotli bytes). */
export declare function measureBudget(
  distDir: string,
  options?: { budget?: number; pages?: readonly PublicPageModule[] },
): BudgetResult;

/** The report of {@link measureBudget}'s result as lines of text. */
export declare function formatReport(result: BudgetResult, options?: { top?: number }): string[];
