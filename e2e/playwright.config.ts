/**
 * End-to-end tests in a system Chromium (Playwright's own browser download does not work on
 * every machine); the browser is chosen by ./chromium.mjs, the same way `npm test` chooses it.
 * The built app is started on its own port with a fresh embedded database and data folder for
 * every run, so no test depends on what an earlier run left behind.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_HINT, findChromium } from './chromium.mjs';

const chromium = findChromium();
if (!chromium.path) {
  throw new Error(`End-to-end tests: ${chromium.reason}; ${CHROMIUM_HINT}.`);
}
const executablePath = chromium.path;

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// Set once in the main process; workers inherit it, so they all see the server's data folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'flockr-e2e-'));

export default defineConfig({
  testDir: './tests',
  // One folder per port, so two runs on different ports never empty each other's results.
  outputDir: `./artifacts/test-results${process.env.E2E_PORT ? `-${process.env.E2E_PORT}` : ''}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(admin|download-memory)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // The admin journeys change shared data (a newer version, a published entry, a plan), so
      // they run after the rest instead of racing them.
      name: 'admin',
      testMatch: /admin\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // Briefly makes a 200 MB version the newest: alone, after everything else.
      name: 'memory',
      testMatch: /download-memory\.spec\.ts/,
      dependencies: ['admin'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every test signs up from 127.0.0.1: keep the per-address limits out of the way here
      // (they have their own API tests).
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      RATE_LIMIT_SENSITIVE_PER_IP: '100000',
      ADMIN_EMAIL: 'admin@e2e.test',
      ADMIN_PASSWORD: 'E2e!admin-pass1',
    },
  },
});
