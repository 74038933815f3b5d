#!/usr/bin/env node
/**
 * `npm test`: runs every suite (contract, API, web components, end-to-end), each once, and ends
 * with one line `N passed, N failed` summing them all. Exits non-zero when anything failed.
 *
 * - API integration tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 * - End-to-end tests need the built app; this script builds it first.
 * - SKIP_E2E=1 leaves the browser suite out (for quick local runs; CI never sets it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'flockr-test-reports-'));
const results = [];

function run(command, args, options = {}) {
  console.log(
    `\n$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${path.relative(root, options.cwd) || '.'})` : ''}`,
  );
  return spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    ...options,
    env: { ...process.env, ...options.env },
  });
}

/** Runs a Vitest suite and reads its counts from the JSON reporter. */
function vitest(name, cwd) {
  const out = path.join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd },
  ).status;
  if (!existsSync(out))
    return results.push({ name, passed: 0, failed: 1, note: `no report (exit ${status})` });
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (r.numFailedTestSuites > 0 && r.numFailedTests === 0 ? 1 : 0);
  results.push({ name, passed: r.numPassedTests, failed: failed || (status !== 0 ? 1 : 0) });
}

/** Runs the Playwright suite and reads its counts from the JSON reporter. */
function playwright() {
  const out = path.join(reports, 'e2e.json');
  const build = run('npm', ['run', 'build']);
  if (build.status !== 0)
    return results.push({ name: 'e2e', passed: 0, failed: 1, note: 'build failed' });
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  }).status;
  if (!existsSync(out))
    return results.push({ name: 'e2e', passed: 0, failed: 1, note: `no report (exit ${status})` });
  const { stats, errors } = JSON.parse(readFileSync(out, 'utf8'));
  const failed = stats.unexpected + (errors?.length ?? 0);
  results.push({
    name: 'e2e',
    passed: stats.expected + stats.flaky,
    failed: failed || (status !== 0 ? 1 : 0),
  });
}

vitest('contract', path.join(root, 'packages/contract'));
vitest('api', path.join(root, 'apps/api'));
vitest('web', path.join(root, 'apps/web'));
if (process.env.SKIP_E2E !== '1') playwright();

rmSync(reports, { recursive: true, force: true });
console.log('\nSuites:');
for (const r of results)
  console.log(
    `  ${r.name.padEnd(9)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`,
  );
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
