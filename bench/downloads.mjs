/**
 * Download throughput against nginx `sendfile` on the same file (README "Benchmarks";
 * docs/downloads.md):
 *   node bench/downloads.mjs [--mib 200] [--parallel 10] [--rounds 3]
 * Starts the built product twice on the embedded database with an admin: once as today
 * (streaming files from DATA_DIR) and once with DOWNLOAD_ACCEL_REDIRECT=/_protected_downloads/
 * behind nginx running deploy/nginx/flockr.conf (the deployed setup: the app checks the link,
 * nginx sends the file). Uploads a `--mib` MiB version to each through the admin API and buys
 * PRO for a new user in the sandbox. A second nginx from Debian (`apt-get install nginx`;
 * sendfile on, no gzip) serves the stored file directly: the anchor. Round by round, in a
 * rotating order, downloads the file `--parallel` times at once from each of the three (curl to
 * /dev/null, a fresh signed link per round), and checks a Range request against the anchor's
 * bytes. Prints the median MiB/s of each, the median of the per-round `ours / anchor` ratios,
 * and each product's resident memory growth (peak during its downloads minus its RSS before the
 * first round). Figures only; no pass/fail. Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deploySite, startNginx } from './lib/nginx.mjs';
import { rssBytes, startProduct, subscribedUser } from './lib/server.mjs';
import { fmt, median, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    mib: { type: 'string', default: '200' },
    parallel: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const BYTES = Number(values.mib) * 1024 * 1024;
const PARALLEL = Number(values.parallel);
const ROUNDS = Number(values.rounds);
const MiB = 1024 * 1024;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench!Adm1n-Passw0rd' };
const VERSION = '99.0.0';
const ACCEL_PREFIX = '/_protected_downloads/';
const RANGE = 'bytes=1000-1999999';

/**
 * Downloads `url` `PARALLEL` times at once with curl (one process each, writing to /dev/null, so
 * the client costs the same little for every server); resolves with MiB/s over all of them.
 * `onTick` runs every 50 ms meanwhile (memory sampling).
 */
async function parallelDownloads(url, onTick = () => {}) {
  const started = performance.now();
  const timer = setInterval(onTick, 50);
  try {
    const sizes = await Promise.all(
      Array.from(
        { length: PARALLEL },
        () =>
          new Promise((resolve, reject) => {
            const curl = spawn('curl', ['-sf', '-o', '/dev/null', '-w', '%{size_download}', url]);
            let out = '';
            curl.stdout.on('data', (d) => (out += d));
            curl.once('error', reject);
            // 'close', not 'exit': curl's output may still be unread when it has exited.
            curl.once('close', (code) => {
              const n = Number(out);
              if (code !== 0 || n !== BYTES) reject(new Error(`${url}: curl ${code}, ${n} bytes`));
              else resolve(n);
            });
          }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    return sizes.reduce((a, b) => a + b, 0) / MiB / seconds;
  } finally {
    clearInterval(timer);
  }
}

/** The answer to `url` with `range` (an RFC 9110 Range header): status, Content-Range, bytes. */
async function ranged(url, range) {
  const res = await fetch(url, { headers: { range } });
  return {
    status: res.status,
    contentRange: res.headers.get('content-range'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/**
 * Uploads the `--mib` MiB version to `product` as its admin and buys PRO for a new user.
 * Resolves with `link()`, which asks for a fresh signed link (a path with its query), and the
 * stored file's path relative to DATA_DIR (from the admin list).
 */
async function prepare(product, content) {
  const login = await fetch(`${product.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const admin = { authorization: `Bearer ${(await login.json()).token}` };
  const form = new FormData();
  form.set('version', VERSION);
  form.set('release_date', new Date().toISOString().slice(0, 10));
  form.set('file', new Blob([content], { type: 'application/zip' }), 'bench.zip');
  const upload = await fetch(`${product.api}/admin/downloads/upload`, {
    method: 'POST',
    headers: admin,
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const user = await subscribedUser(product.api);
  return async () => {
    const res = await fetch(`${product.api}/downloads/link?version=${VERSION}`, { headers: user });
    if (!res.ok) throw new Error(`link: ${res.status} ${await res.text()}`);
    const url = new URL((await res.json()).download_url);
    return url.pathname + url.search;
  };
}

const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const streaming = await startProduct(env);
let accel;
const nginxes = [];
try {
  accel = await startProduct({ ...env, DOWNLOAD_ACCEL_REDIRECT: ACCEL_PREFIX });
  const content = Buffer.alloc(BYTES, 7);
  content.write('flockr-download-bench');
  const [streamingLink, accelLink] = [
    await prepare(streaming, content),
    await prepare(accel, content),
  ];

  // The deployed setup: nginx with deploy/nginx/flockr.conf in front of the accel product.
  const deployed = await startNginx({
    site: deploySite({
      app: new URL(accel.url).host,
      artifacts: path.join(accel.dataDir, 'artifacts'),
    }),
    ready: '/api/v1/health',
  });
  nginxes.push(deployed);
  // The anchor: nginx sending the same stored file directly.
  const probe = await fetch(`${accel.url}${await accelLink()}`);
  const accelRedirect = probe.headers.get('x-accel-redirect');
  await probe.arrayBuffer();
  if (probe.status !== 200 || !accelRedirect?.startsWith(ACCEL_PREFIX))
    throw new Error(`the accel product answered ${probe.status} without X-Accel-Redirect`);
  const stored = path.posix.join(
    'artifacts',
    decodeURIComponent(accelRedirect.slice(ACCEL_PREFIX.length)),
  );
  const anchor = await startNginx({ server: `root ${accel.dataDir};` });
  nginxes.push(anchor);
  console.log(`X-Accel-Redirect: ${accelRedirect} (stored as ${stored})`);

  /** The three ways to the file: a fresh URL each round, and the process whose RSS to watch. */
  const variants = [
    { key: 'anchor', url: async () => `${anchor.url}/${stored}` },
    {
      key: 'streamed',
      url: async () => `${streaming.url}${await streamingLink()}`,
      pid: streaming.pid,
    },
    { key: 'accel', url: async () => `${deployed.url}${await accelLink()}`, pid: accel.pid },
  ];

  const theirs = await ranged(`${anchor.url}/${stored}`, RANGE);
  for (const v of variants.slice(1)) {
    const ours = await ranged(await v.url(), RANGE);
    const same =
      ours.status === 206 &&
      theirs.status === 206 &&
      ours.contentRange === theirs.contentRange &&
      ours.body.equals(theirs.body);
    console.log(
      `Range ${RANGE}: ${v.key} ${ours.status} ${ours.contentRange}, anchor ${theirs.status} ${theirs.contentRange}, same bytes: ${same}`,
    );
  }

  const results = Object.fromEntries(variants.map((v) => [v.key, []]));
  const baseline = { [streaming.pid]: rssBytes(streaming.pid), [accel.pid]: rssBytes(accel.pid) };
  const peak = { ...baseline };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = variants.map((_, i) => variants[(i + round - 1) % variants.length]);
    const line = [];
    for (const v of order) {
      const url = await v.url();
      const sample = () => {
        if (v.pid) peak[v.pid] = Math.max(peak[v.pid], rssBytes(v.pid));
      };
      results[v.key].push(await parallelDownloads(url, sample));
      sample();
      line.push(`${v.key} ${fmt(results[v.key].at(-1), 0)}`);
    }
    console.log(`round ${round} (MiB/s): ${line.join(', ')}`);
  }

  const ratio = (key) => median(results[key].map((x, i) => x / results.anchor[i]));
  const growth = (pid) => fmt((peak[pid] - baseline[pid]) / MiB, 0);
  console.log(
    `\nmedian of ${ROUNDS} rounds, ${PARALLEL} parallel downloads of ${values.mib} MiB\n`,
  );
  printTable(
    ['', 'MiB/s', 'ours / anchor', 'RSS growth (MiB)'],
    [
      ['nginx sendfile, direct (anchor)', fmt(median(results.anchor), 0), '', ''],
      [
        'ours, streamed by Node',
        fmt(median(results.streamed), 0),
        `${fmt(ratio('streamed'), 2)}×`,
        growth(streaming.pid),
      ],
      [
        'ours behind nginx, X-Accel-Redirect',
        fmt(median(results.accel), 0),
        `${fmt(ratio('accel'), 2)}×`,
        growth(accel.pid),
      ],
    ],
  );
} finally {
  for (const n of nginxes) await n.stop();
  await accel?.stop();
  await streaming.stop();
}
