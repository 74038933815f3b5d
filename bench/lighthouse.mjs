#!/usr/bin/env node
/**
 * Lighthouse scores of the public pages against the same build served by nginx (README
 * "Benchmarks"):
 *   node bench/lighthouse.mjs [--runs 3] [--pages /,/plans] [--json results.json] [--no-build]
 * Builds the product (`npm run build`, unless --no-build) and starts it (embedded database, fresh
 * data folder, PUBLIC_URL its own URL). The anchor is Debian's nginx (`apt-get install nginx
 * chromium`) on a free port serving the same build's apps/web/dist as a static host would:
 * `try_files $uri /index.html` (the SPA shell, `Cache-Control: no-cache`), /assets/ `public,
 * max-age=31536000, immutable`, gzip on + gzip_static (and brotli_static when Debian's
 * libnginx-mod-http-brotli-static is installed; the script says which), with /api/, /robots.txt,
 * /sitemap.xml and /manifest.webmanifest proxied to the product, which makes them.
 * Then runs Lighthouse (its Node API; Chromium from /usr/bin/chromium or CHROMIUM_PATH, headless,
 * a fresh profile per run, host names other than 127.0.0.1 unresolvable) on each page with the
 * mobile preset (the default config: simulated slow 4G, 4× CPU), and on / also with the desktop
 * preset, `--runs` times each, ours and nginx in turn, round by round (who goes first alternates).
 * Categories: performance, accessibility, best-practices, SEO. Prints per page the medians of the
 * four scores, LCP, CLS, TBT and the script bytes transferred (`network-requests`), ours / nginx
 * with ours ÷ nginx, then the failing audits (score < 1, weight > 0 in their category) of our
 * median run (Lighthouse's own pick: closest to the median FCP and TTI), beside the anchor's.
 * `--json FILE` saves every run's Lighthouse result. Figures only; no pass/fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS } from '../e2e/chromium.mjs';
import { NGINX_MODULES, startNginx } from './lib/nginx.mjs';
import { startProduct } from './lib/server.mjs';
import { fmt, median, printTable } from './lib/stats.mjs';

const PAGES = ['/', '/plans', '/changelog', '/support', '/login', '/register', '/privacy'];
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: PAGES.join(',') },
    json: { type: 'string' },
    build: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  throw new Error(`--runs ${values.runs}: a whole number ≥ 1`);
}
const pages = values.pages.split(',').map((p) => p.trim());
for (const p of pages) {
  if (!/^\/(?!\/)[^\s]*$/.test(p)) throw new Error(`--pages: ${p} is not a path like /plans`);
}

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  // Only 127.0.0.1 is ever reached: every host name resolves to nothing.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const SERVERS = ['ours', 'nginx'];
/** A run that has not finished by then is abandoned (its Chromium killed) and counted as failed. */
const RUN_TIMEOUT_MS = 150_000;
const BROTLI_SO = path.join(NGINX_MODULES, 'ngx_http_brotli_static_module.so');

// Everything started is stopped by stopAll() on the way out. Ctrl-C, SIGTERM or a crash kill
// Chromium at once and let the run unwind to that (a second Ctrl-C, or 30 s, stops it all now);
// on exit, any Chromium still starting is killed too.
const cleanups = [];
const chromes = new Set();
const profiles = new Set();
let interrupted = false;
let stopping;
let interrupt;
/** Rejects when the run is interrupted; raced with every wait for Chromium or Lighthouse. */
const interruption = new Promise((_, reject) => (interrupt = reject));
interruption.catch(() => {});
function stopAll() {
  stopping ??= (async () => {
    for (const chrome of chromes) await killChrome(chrome);
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  })();
  return stopping;
}
function abort(code, why) {
  if (interrupted) return;
  interrupted = true;
  interrupt(new Error('interrupted'));
  process.exitCode = code;
  console.error(`\n${why}: stopping Chromium, nginx and the product…`);
  chromeLauncher.killAll(); // the Lighthouse run under way fails at once
  setTimeout(() => stopAll().finally(() => process.exit(code)), 30_000).unref();
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () =>
    interrupted ? stopAll().finally(() => process.exit(code)) : abort(code, signal),
  );
}
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    console.error(error);
    abort(1, event);
  });
}
process.on('exit', () => {
  chromeLauncher.killAll();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

/** Kills a Chromium started by runLighthouse() and removes its profile. */
async function killChrome(chrome) {
  if (!chromes.delete(chrome)) return;
  const proc = chrome.process;
  const closed =
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => proc.once('close', resolve));
  chrome.kill(); // SIGKILL to its process group
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  rmSync(chrome.userDataDir, { recursive: true, force: true });
  profiles.delete(chrome.userDataDir);
}

/** One Lighthouse run of `url` in a fresh Chromium; resolves with its result (LHR). */
async function runLighthouse(url, preset) {
  if (interrupted) throw new Error('interrupted');
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'flockr-chromium-'));
  profiles.add(userDataDir);
  let chrome;
  try {
    chrome = await Promise.race([
      chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: CHROME_FLAGS,
        userDataDir,
        handleSIGINT: false,
        logLevel: 'silent',
      }),
      interruption,
    ]);
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    profiles.delete(userDataDir);
    throw error;
  }
  chrome.userDataDir = userDataDir;
  chromes.add(chrome);
  let timer;
  try {
    if (interrupted) throw new Error('interrupted');
    const result = await Promise.race([
      lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        preset === 'desktop' ? desktopConfig : undefined,
      ),
      interruption,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no result in ${RUN_TIMEOUT_MS / 1000} s`)),
          RUN_TIMEOUT_MS,
        );
      }),
    ]);
    if (!result) throw new Error('Lighthouse gave no result');
    return result.lhr;
  } finally {
    clearTimeout(timer);
    await killChrome(chrome);
  }
}

/** The figures of one run: scores 0–100, LCP s, CLS, TBT ms, script KiB transferred. */
function figures(lhr) {
  const score = (id) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    lcp: value('largest-contentful-paint') / 1000,
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    scriptKiB: requests.length ? scriptBytes / 1024 : Number.NaN,
  };
}

/** Audits with score < 1 that weigh in their category, heaviest first, by category. */
function failingAudits(lhr) {
  const failing = [];
  for (const id of CATEGORIES) {
    const refs = [...(lhr.categories[id]?.auditRefs ?? [])].sort((a, b) => b.weight - a.weight);
    for (const ref of refs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push({ category: id, ...audit });
      }
    }
  }
  return failing;
}

/** Lighthouse's median run of `lhrs` (closest to the median FCP and TTI), or undefined. */
function medianRun(lhrs) {
  const valid = filterToValidRuns(lhrs.filter((lhr) => lhr && !lhr.runtimeError));
  return valid.length ? computeMedianRun(valid) : undefined;
}

/** The Content-Encoding and Cache-Control that `url` answers a browser with. */
async function headersOf(url) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const h = (name) => res.headers.get(name) ?? '–';
  return `encoding ${h('content-encoding')}; cache ${h('cache-control')}`;
}

try {
  if (values.build) {
    console.log('npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build: exit ${build.status}`);
  }
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: run npm run build (or drop --no-build)`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  }

  const product = await startProduct((url) => ({ PUBLIC_URL: url }));
  cleanups.push(() => product.stop());
  const productPort = new URL(product.url).port;
  const brotli = existsSync(BROTLI_SO);
  const proxied =
    'proxy_pass http://product; proxy_http_version 1.1; proxy_set_header Connection "";';
  const nginx = await startNginx({
    main: brotli ? `load_module ${BROTLI_SO};` : '',
    http: `
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  gzip on;
  gzip_static on;
  gzip_vary on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript application/json image/svg+xml text/plain
    text/xml application/xml application/manifest+json;
  ${brotli ? 'brotli_static on;' : ''}
  upstream product { server 127.0.0.1:${productPort}; keepalive 8; }`,
    server: `
    root ${WEB_DIST};
    location / { try_files $uri /index.html; }
    location = /index.html { add_header Cache-Control "no-cache"; }
    location /assets/ {
      add_header Cache-Control "public, max-age=31536000, immutable";
      try_files $uri =404;
    }
    location /api/ { ${proxied} }
    location = /robots.txt { ${proxied} }
    location = /sitemap.xml { ${proxied} }
    location = /manifest.webmanifest { ${proxied} }`,
  });
  cleanups.push(() => nginx.stop());
  const base = { ours: product.url, nginx: nginx.url };
  for (const url of Object.values(base)) {
    if (new URL(url).hostname !== '127.0.0.1') throw new Error(`${url}: not 127.0.0.1`);
  }

  console.log(`ours:  ${product.url} (the built product)`);
  console.log(
    `nginx: ${nginx.url} (apps/web/dist; gzip on + gzip_static; brotli_static ${
      brotli
        ? 'on'
        : `off: ${path.basename(BROTLI_SO)} is not installed (apt-get install libnginx-mod-http-brotli-static)`
    })`,
  );
  const entry = /<script[^>]+src="([^"]+)"/.exec(
    readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'),
  );
  for (const p of [...pages, ...(entry ? [entry[1]] : [])]) {
    const [o, n] = await Promise.all(SERVERS.map((s) => headersOf(`${base[s]}${p}`)));
    console.log(`  ${p}  ours: ${o}  |  nginx: ${n}`);
  }

  const jobs = [
    ...pages.map((page) => ({ page, preset: 'mobile' })),
    ...(pages.includes('/') ? [{ page: '/', preset: 'desktop' }] : []),
  ];
  for (const job of jobs) job.lhrs = { ours: [], nginx: [] };
  const total = jobs.length * RUNS * SERVERS.length;
  console.log(`\n${total} Lighthouse runs (${jobs.length} page/preset × ${RUNS} × ours, nginx)`);
  for (let round = 1; round <= RUNS; round += 1) {
    const order = round % 2 === 1 ? SERVERS : [...SERVERS].reverse();
    for (const job of jobs) {
      const said = [];
      for (const server of order) {
        let lhr = null;
        try {
          lhr = await runLighthouse(`${base[server]}${job.page}`, job.preset);
          if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
          const f = figures(lhr);
          said.push(`${server} perf ${fmt(f.performance, 0)} LCP ${fmt(f.lcp, 1)} s`);
        } catch (error) {
          if (interrupted) throw error;
          said.push(`${server} failed: ${error.message}`);
        }
        job.lhrs[server].push(lhr);
      }
      console.log(`round ${round} ${job.page} ${job.preset}: ${said.join(', ')}`);
    }
  }

  const any = jobs.flatMap((j) => [...j.lhrs.ours, ...j.lhrs.nginx]).find(Boolean);
  const chrome = /(?:Headless)?Chrome\/[\d.]+/.exec(any?.environment?.hostUserAgent ?? '')?.[0];
  console.log(
    `\nLighthouse ${any?.lighthouseVersion ?? '?'}, ${chrome ?? 'Chromium'}; median of ${RUNS} run(s) per page and server`,
  );
  console.log('each cell: ours / nginx (scores 0–100); × = ours ÷ nginx\n');
  const medians = (job, server) => {
    const runs = job.lhrs[server].filter((lhr) => lhr && !lhr.runtimeError).map(figures);
    const of = (key) => median(runs.map((r) => r[key]).filter(Number.isFinite));
    return Object.fromEntries(
      [...CATEGORIES, 'lcp', 'cls', 'tbt', 'scriptKiB'].map((k) => [k, of(k)]),
    );
  };
  const pair = (o, n, digits) => `${fmt(o, digits)} / ${fmt(n, digits)}`;
  const rows = jobs.map((job) => {
    const [o, n] = [medians(job, 'ours'), medians(job, 'nginx')];
    return [
      `${job.page} ${job.preset}`,
      ...CATEGORIES.map((c) => pair(o[c], n[c], 0)),
      pair(o.lcp, n.lcp, 2),
      fmt(o.lcp / n.lcp, 2),
      pair(o.cls, n.cls, 3),
      pair(o.tbt, n.tbt, 0),
      fmt(o.tbt / n.tbt, 2),
      pair(o.scriptKiB, n.scriptKiB, 0),
      fmt(o.scriptKiB / n.scriptKiB, 2),
    ];
  });
  printTable(
    [
      'page',
      'perf',
      'a11y',
      'best-pr.',
      'SEO',
      'LCP s',
      '×',
      'CLS',
      'TBT ms',
      '×',
      'script KiB',
      '×',
    ],
    rows,
  );

  console.log(
    '\nfailing audits of our median run (score < 1, weight > 0 in the category), nginx beside it',
  );
  for (const job of jobs) {
    const ours = medianRun(job.lhrs.ours);
    const theirs = medianRun(job.lhrs.nginx);
    console.log(`\n${job.page} ${job.preset}`);
    if (!ours) {
      console.log('  no valid run of ours');
      continue;
    }
    const failing = failingAudits(ours);
    if (failing.length === 0) console.log('  none');
    const idWidth = Math.max(0, ...failing.map((a) => a.id.length));
    for (const audit of failing) {
      const anchor = theirs?.audits[audit.id]?.score;
      console.log(
        `  ${audit.category.padEnd(14)}  ${audit.id.padEnd(idWidth)}  ours ${fmt(audit.score, 2)}  nginx ${fmt(anchor ?? Number.NaN, 2)}  ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
      );
    }
  }

  if (values.json) {
    const saved = jobs.flatMap((job) =>
      SERVERS.flatMap((server) =>
        job.lhrs[server].map((lhr, i) => ({
          page: job.page,
          preset: job.preset,
          server,
          round: i + 1,
          figures: lhr && !lhr.runtimeError ? figures(lhr) : null,
          lhr,
        })),
      ),
    );
    writeFileSync(
      values.json,
      JSON.stringify({ date: new Date().toISOString(), runs: RUNS, brotli, results: saved }),
    );
    console.log(`\nevery run's Lighthouse result: ${values.json}`);
  }
} catch (error) {
  if (!interrupted) throw error;
} finally {
  await stopAll();
  if (interrupted) process.exit(); // with the exit code abort() set, not waiting for any timer
}
