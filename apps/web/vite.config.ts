/**
 * Vite build, dev server and Vitest configuration of the web app. The contract is aliased to its
 * TypeScript source so the web app never depends on the contract's build output.
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const contractEntry = decodeURIComponent(
  new URL('../../packages/contract/src/index.ts', import.meta.url).pathname,
);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@flockr/contract': contractEntry },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
