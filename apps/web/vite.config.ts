/**
 * Vite build, dev server and Vitest configuration of the web app. The contract is aliased to its
 * TypeScript source so the web app never depends on the contract's build output.
 *
 * `vite build` makes the browser's files in dist/ with a manifest (dist/.vite/manifest.json: the
 * server finds each page's chunks in it to preload them) and a brotli and a gzip copy of every
 * text file, sent to browsers that accept them (docs/web-performance.md); `vite build --ssr
 * src/entry-server.tsx` makes the server's page renderer in dist-server/.
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlibConstants } from 'node:zlib';

const contractEntry = decodeURIComponent(
  new URL('../../packages/contract/src/index.ts', import.meta.url).pathname,
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
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
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              },
              {
                // zod alone, so lib/zod-config.ts turns its code generation off before any
                // schema of the contract is built (a schema reads the setting when it is made).
                name: 'zod',
                test: /node_modules[\\/]zod[\\/]/,
              },
            ],
          },
        },
      },
    }),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
}));
