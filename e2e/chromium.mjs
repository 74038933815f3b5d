/**
 * Finds the Chromium the end-to-end tests drive. playwright.config.ts and scripts/test-all.mjs
 * both use it, so a direct `npx playwright test` and `npm test` pick the same browser and give the
 * same advice when there is none. Nothing here downloads anything.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** System browsers tried in this order when CHROMIUM_PATH is unset. */
export const SYSTEM_CHROMIUMS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * The switches every automated run of that browser starts with (the end-to-end tests and the
 * Lighthouse bench): no sandbox (containers run as root), no GPU, no QUIC, and none of the
 * browser's own background traffic (first-run pages, updates, sync).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What to do when no browser is found: the one piece of advice both callers print. */
export const CHROMIUM_HINT =
  'install one with `apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary';

/**
 * Where Playwright keeps the Chromium it downloads (`npx playwright install chromium`), whether
 * or not it is there; undefined when Playwright cannot say.
 * @returns {string | undefined}
 */
export function playwrightChromium() {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * Looks for a browser: CHROMIUM_PATH when set (an explicit choice, so it is used alone and never
 * swapped for another browser), otherwise the first of `candidates` that exists, otherwise a
 * Chromium Playwright has already downloaded.
 * @param {{ chromiumPath?: string, candidates?: string[] }} [options] CHROMIUM_PATH's value
 *   (default: the environment's) and the system paths to try (default: SYSTEM_CHROMIUMS).
 * @returns {{ path: string, reason?: undefined } | { path?: undefined, reason: string }} the
 *   browser found, or why none was (without the advice; see CHROMIUM_HINT).
 */
export function findChromium({
  chromiumPath = process.env.CHROMIUM_PATH,
  candidates = SYSTEM_CHROMIUMS,
} = {}) {
  if (chromiumPath) {
    return existsSync(chromiumPath)
      ? { path: chromiumPath }
      : { reason: `CHROMIUM_PATH=${chromiumPath} does not exist` };
  }
  const found = [...candidates, playwrightChromium()].find((p) => !!p && existsSync(p));
  if (found) return { path: found };
  const looked = [...candidates, "Playwright's own download"].join(', ');
  return { reason: `no Chromium found (looked at ${looked})` };
}
