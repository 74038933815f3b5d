#!/usr/bin/env node
/**
 * `npm test`: runs every suite (contract, API, web components, end-to-end, cluster), each once,
 * and ends with one line `N passed, N failed` summing them all. Exits non-zero when anything
 * failed.
 *
 * Only Node is required. Before the suites run, the outside services they can use are probed
 * (SERVICES in scripts/test-services.mjs); what is missing is left out instead of failing, and
 * the summary lists every skipped suite or test group with the reason:
 * - Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379): the shared-rate-limit tests skip
 *   themselves when it does not answer (apps/api/src/test/services.ts).
 * - PostgreSQL (TEST_DATABASE_URL): the API suite runs on PGlite always, and on PostgreSQL too
 *   when this is set and answers.
 * - Chromium (CHROMIUM_PATH, else a system or Playwright-downloaded one, else one download
 *   attempt): the end-to-end suite, which also needs the built app (built here first).
 * - minisign (/usr/bin/minisign): the Tauri update-signature tests of the API suite skip
 *   themselves without it (apps/api/src/test/updaters/drivers.test.ts).
 * - PostgreSQL, Redis and nginx: the cluster suite (scripts/test-cluster.mjs, three built
 *   instances behind nginx; it reuses the build made for the end-to-end suite), left out when one
 *   of them is missing.
 * SKIP_E2E=1 leaves the browser suite out, SKIP_CLUSTER=1 the cluster (quick local runs).
 * REQUIRE_ALL_SUITES=1 or CI=true: every skipped suite or test group counts as 1 failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES } from './test-services.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'flockr-test-reports-'));
/** Whether an environment flag is switched on (`1` or `true`). */
const isOn = (value) => value === '1' || value === 'true';
/** Strict mode (CI): every skipped suite or test group counts as 1 failed. */
const strict = isOn(process.env.REQUIRE_ALL_SUITES) || isOn(process.env.CI);

/** Prints a command line, then runs it with the output shown; returns spawnSync's result. */
function run(command, args, options = {}) {
  console.log(
    `\n$ ${[command, ...args].join(' ')}${options.cwd ? `   (in ${path.relative(root, options.cwd) || '.'})` : ''}`,
  );
  return spawnSync(command, args, { stdio: 'inherit', cwd: root, env: childEnv, ...options });
}

/**
 * Runs a Vitest suite; returns its counts from the JSON reporter, plus each skipped group
 * (top-level `describe` of a file) with its reason from `meta.skipReason`.
 */
function vitest(name, dir) {
  const cwd = path.join(root, dir);
  const out = path.join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd },
  ).status;
  if (!existsSync(out))
    return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${status})` };
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (r.numFailedTestSuites > 0 && r.numFailedTests === 0 ? 1 : 0);
  const groups = new Map();
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      if (!['skipped', 'pending', 'todo'].includes(t.status)) continue;
      const what = `${path.relative(cwd, file.name)} › ${t.ancestorTitles[0] ?? t.title}`;
      const reason = t.meta?.skipReason ?? 'skipped in the code, no reason given';
      const key = `${what}\n${reason}`;
      const group = groups.get(key) ?? { what, reason, tests: 0 };
      group.tests += 1;
      groups.set(key, group);
    }
  }
  return {
    passed: r.numPassedTests,
    failed: failed || (status !== 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
    skips: [...groups.values()].map((g) => ({
      what: `${g.what} (${g.tests} test${g.tests === 1 ? '' : 's'})`,
      reason: g.reason,
    })),
  };
}

/** Status of the one `npm run build` of this run (e2e and cluster use it), once it ran. */
let buildStatus;
/** Runs `npm run build` the first time it is asked for; returns whether it succeeded. */
function built() {
  buildStatus ??= run('npm', ['run', 'build']).status;
  return buildStatus === 0;
}

/** Builds the app, runs the Playwright suite and returns its counts from the JSON reporter. */
function playwright() {
  const out = path.join(reports, 'e2e.json');
  if (!built()) return { passed: 0, failed: 1, skipped: 0, note: 'build failed' };
  const cwd = path.join(root, 'e2e');
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd,
    env: { ...childEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  }).status;
  if (!existsSync(out))
    return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${status})` };
  const { stats, errors, suites } = JSON.parse(readFileSync(out, 'utf8'));
  const skips = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'skipped')
          skips.push({
            what: `${spec.file} › ${spec.title}`,
            reason:
              t.annotations?.find((a) => a.type === 'skip')?.description ??
              'skipped in the code, no reason given',
          });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites ?? []) walk(suite);
  const failed = stats.unexpected + (errors?.length ?? 0);
  return {
    passed: stats.expected + stats.flaky,
    failed: failed || (status !== 0 ? 1 : 0),
    skipped: stats.skipped,
    skips,
  };
}

/**
 * Runs the cluster test (scripts/test-cluster.mjs: three built instances behind nginx on
 * PostgreSQL and Redis) on the build, and returns its counts from the report it writes; a check
 * it skips is listed with its reason.
 */
function cluster() {
  if (!built()) return { passed: 0, failed: 1, skipped: 0, note: 'build failed' };
  const out = path.join(reports, 'cluster.json');
  const status = run('node', ['scripts/test-cluster.mjs'], {
    env: { ...childEnv, CLUSTER_REPORT: out },
  }).status;
  if (!existsSync(out))
    return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${status})` };
  const r = JSON.parse(readFileSync(out, 'utf8'));
  return {
    passed: r.passed,
    failed: r.failed || (status !== 0 ? 1 : 0),
    skipped: r.skipped,
    skips: r.skips,
  };
}

/** The suites in run order; `skip` holds why one is left out before any probing. */
const SUITES = [
  { name: 'contract', run: () => vitest('contract', 'packages/contract') },
  { name: 'api', run: () => vitest('api', 'apps/api') },
  { name: 'web', run: () => vitest('web', 'apps/web') },
  { name: 'e2e', run: playwright, skip: process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : undefined },
  {
    name: 'cluster',
    run: cluster,
    skip: process.env.SKIP_CLUSTER === '1' ? 'SKIP_CLUSTER=1' : undefined,
  },
];

/** Everything skipped, as { suite, what, reason }, for the summary. */
const skipped = [];
for (const suite of SUITES)
  if (suite.skip) skipped.push({ suite: suite.name, what: 'whole suite', reason: suite.skip });

/** The environment every suite runs with: this one, adjusted by the service probes. */
const childEnv = { ...process.env };
console.log('Services:');
for (const service of SERVICES) {
  const users = SUITES.filter((s) => service.suites.includes(s.name) && !s.skip);
  if (users.length === 0) continue;
  const variable = service.variable;
  const result = await service.probe((variable && process.env[variable]) || undefined);
  console.log(
    `  ${service.name.padEnd(11)} ${result.ok ? `ok   ${result.detail}` : `--   ${result.reason}`}`,
  );
  if (result.ok) {
    if (variable) childEnv[variable] = result.value;
    continue;
  }
  for (const suite of users) {
    const whenMissing =
      typeof service.whenMissing === 'string'
        ? service.whenMissing
        : service.whenMissing[suite.name];
    if (whenMissing === 'tests') {
      if (result.value && variable) childEnv[variable] = result.value;
    } else if (whenMissing === 'unset') {
      if (variable) delete childEnv[variable];
      skipped.push({ suite: suite.name, what: service.skips, reason: result.reason });
    } else {
      suite.skip = result.reason;
      skipped.push({ suite: suite.name, what: 'whole suite', reason: result.reason });
    }
  }
}

const results = [];
for (const suite of SUITES) {
  const r = suite.skip ? { passed: 0, failed: 0, skipped: 0, note: 'not run' } : suite.run();
  for (const s of r.skips ?? []) skipped.push({ suite: suite.name, ...s });
  results.push({ ...r, name: suite.name });
}
rmSync(reports, { recursive: true, force: true });

// Strict: each skipped item counts as 1 failed of its suite, so the rows still add up.
if (strict) for (const s of skipped) results.find((r) => r.name === s.suite).failed += 1;

console.log('\nSuites:');
for (const r of results)
  console.log(
    `  ${r.name.padEnd(9)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ''}`,
  );
if (skipped.length > 0) {
  console.log('Skipped:');
  const order = (s) => SUITES.findIndex((suite) => suite.name === s.suite);
  skipped.sort((a, b) => order(a) - order(b));
  for (const s of skipped) console.log(`  ${s.suite}: ${s.what} skipped (${s.reason})`);
  if (strict)
    console.log(
      `REQUIRE_ALL_SUITES${isOn(process.env.REQUIRE_ALL_SUITES) ? '' : ' (CI=true)'}: ` +
        `each skipped item above counts as 1 failed`,
    );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
