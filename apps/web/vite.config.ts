/**
 * Vite build, dev server and Vitest configuration of the web app. The contract is aliased to its
 * TypeScript source so the web app never depends on the contract's build output.
 *
 * `vite build` makes the browser's files in dist/ with a manifest (dist/.vite/manifest.json: the
 * server finds each page's chunks in it to preload them) and a brotli and a gzip copy of every
 * text file, sent to browsers that accept them (docs/web-performance.md); `vite build --ssr
 * src/entry-server.tsx` makes the server's page renderer in dist-server/.
 */
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const contractEntry = decodeURIComponent(
  new URL('../../packages/contract/src/index.ts', import.meta.url).pathname,
);

/**
 * The modules of the browser's entry (index.html with src/boot.ts, the stylesheets and what it
 * needs before the first paint, Vite's preload helpers) and src/main.tsx: kept out of the 'app'
 * chunk, so the entry loads no more than itself before the page is painted.
 */
const BOOT_MODULES =
  /(\.html|\.css|[\\/]src[\\/](main\.tsx|boot\.ts|lib[\\/]page-modules\.ts))$|^\0vite[\\/]/;

/**
 * The small modules the public pages' own code shares with each other and with the signed-in
 * pages (cards, alerts, skeletons, badges, formatting, page titles, the seller's identity, the
 * plan helpers, their icons): one 'public' chunk of about 4 KB brotli instead of some twenty files
 * of 100-700 bytes each, which a page like /plans would otherwise ask for one by one, each
 * compressed on its own (docs/web-performance.md, "What a public page loads"). Only small,
 * dependency-free modules belong here: whatever this matches, every public page loads.
 */
const PUBLIC_SHARED = new RegExp(
  [
    String.raw`src[\\/]components[\\/]ui[\\/](card|alert|skeleton|badge|spinner)\.tsx$`,
    String.raw`src[\\/]lib[\\/](format|public-pages|use-document-title|lazy-now)\.tsx?$`,
    String.raw`src[\\/]components[\\/]layout[\\/]seller-identity\.tsx$`,
    String.raw`src[\\/]features[\\/]plans[\\/]lib[\\/]`,
    String.raw`contract[\\/]src[\\/](seller|money)\.ts$`,
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](sparkles|check|circle-check|mail|lock|key-round|shield-check|send)\.mjs$`,
  ].join('|'),
);

/**
 * Puts the stylesheet first among the tags Vite adds to index.html's head, ahead of the entry
 * script and its modulepreloads. A browser on HTTP/1.1 opens six connections per host and asks in
 * document order: behind a few dozen preloads the one render-blocking file would wait its turn,
 * and the server's HTML would paint that much later (docs/web-performance.md).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'flockr:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (sheets.length === 0) return html;
        let rest = html;
        for (const sheet of sheets) rest = rest.replace(sheet, '');
        // Before the page's own head tags (pages.ts fills <!--page-head-->) and the first
        // script.
        return rest.replace(/(\s*)(<!--page-head-->|<script type="module")/, (_, space, tag) =>
          [...sheets.map((sheet) => space + sheet.trim()), space + tag].join(''),
        );
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    stylesheetFirst(),
    tailwindcss(),
    !isSsrBuild &&
      compression({
        // Text files of 1 KiB and more; images and fonts are compressed already.
        include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/,
        threshold: 1024,
        algorithms: [
          defineAlgorithm('brotliCompress', {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        deleteOriginalAssets: false,
      }),
  ],
  resolve: {
    alias: { '@flockr/contract': contractEntry },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // React, React Router and TanStack Query in one chunk: every page needs all of them, and one
    // file costs one request instead of several (docs/web-performance.md).
    ...(!isSsrBuild && {
      rolldownOptions: {
        // main.tsx is an entry of its own (boot.ts imports it after the first paint), so what it
        // imports counts as initial for the 'app' group below.
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          main: fileURLToPath(new URL('src/main.tsx', import.meta.url)),
        },
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                tags: ['$initial'],
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              },
              {
                // zod alone, so lib/zod-config.ts turns its code generation off before any
                // schema of the contract is built (a schema reads the setting when it is made).
                name: 'zod',
                test: /node_modules[\\/]zod[\\/]/,
              },
              {
                // Vite's preload helper, used by boot.ts and by every lazy import: a file of its
                // own, so boot.ts does not pull in the 'app' chunk before the first paint.
                name: 'preload',
                test: /^\0vite[\\/]/,
              },
              {
                // The rest of what the entry imports, in one file instead of a few dozen small
                // ones: each would be a request of its own before the page answers.
                name: 'app',
                tags: ['$initial'],
                test: (id) => !BOOT_MODULES.test(id),
              },
              {
                // After 'app': what the entry already holds stays there.
                name: 'public',
                test: PUBLIC_SHARED,
              },
            ],
          },
        },
      },
    }),
  },
  // Component tests (Vitest, jsdom). Two workers (Vitest's default is one fewer than the cores:
  // one on our 2-core machines) that keep their imports between files (`isolate: false`): every
  // render gets its own QueryClient (test/render.tsx) and test/setup.ts empties the DOM, storage,
  // toasts and mock handlers after each test, so a file starts as clean as in a new worker
  // (checked with a shuffled file order).
  test: {
    maxWorkers: 2,
    isolate: false,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
}));
