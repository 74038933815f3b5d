/**
 * Download throughput against nginx `sendfile` on the same file (README "Benchmarks"):
 *   node bench/downloads.mjs [--mib 200] [--parallel 10] [--rounds 3]
 * Starts the built product on the embedded database with an admin, uploads a `--mib` MiB version
 * through the admin API, buys PRO for a new user in the sandbox and asks for a signed link. Then
 * starts nginx from Debian (`apt-get install nginx`; sendfile on, no gzip) on a free port over the
 * same stored file, and round by round downloads it `--parallel` times at once from one and then
 * the other (curl to /dev/null). Prints median MiB/s of both and their ratio, the product's
 * resident memory growth during its runs, and checks a Range request against both.
 * Figures only; no pass/fail. Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx } from './lib/nginx.mjs';
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

/** The largest file under `dir` (the uploaded version), as a path relative to `dir`. */
function largestFile(dir) {
  let best = { size: -1, rel: '' };
  for (const entry of readdirSync(dir, { recursive: true })) {
    const stat = statSync(path.join(dir, entry));
    if (stat.isFile() && stat.size > best.size) best = { size: stat.size, rel: entry };
  }
  return best.rel;
}

/**
 * Downloads `url` `PARALLEL` times at once with curl (one process each, writing to /dev/null, so
 * the client costs the same little for both servers); resolves with MiB/s over all of them.
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
            curl.once('exit', (code) => {
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

/** The bytes of `url` in `range` (an RFC 9110 Range header), with the status. */
async function ranged(url, range) {
  const res = await fetch(url, { headers: { range } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

const product = await startProduct({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
let nginx;
try {
  const login = await fetch(`${product.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const admin = { authorization: `Bearer ${(await login.json()).token}` };
  const version = '99.0.0';
  const content = Buffer.alloc(BYTES, 7);
  content.write('flockr-download-bench');
  const form = new FormData();
  form.set('version', version);
  form.set('release_date', new Date().toISOString().slice(0, 10));
  form.set('file', new Blob([content], { type: 'application/zip' }), 'bench.zip');
  const upload = await fetch(`${product.api}/admin/downloads/upload`, {
    method: 'POST',
    headers: admin,
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);

  const user = await subscribedUser(product.api);
  const link = await (
    await fetch(`${product.api}/downloads/link?version=${version}`, { headers: user })
  ).json();
  const ours = new URL(link.download_url, product.url).toString();
  const stored = largestFile(product.dataDir);
  nginx = await startNginx({ server: `root ${product.dataDir};` });
  const theirs = `${nginx.url}/${stored}`;

  const range = 'bytes=1000-1999999';
  const [a, b] = [await ranged(ours, range), await ranged(theirs, range)];
  const rangeOk = a.status === 206 && b.status === 206 && a.body.equals(b.body);
  console.log(`Range ${range}: ours ${a.status}, nginx ${b.status}, same bytes: ${rangeOk}`);

  const results = { ours: [], nginx: [], rss: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const before = rssBytes(product.pid);
    let peak = before;
    results.ours.push(
      await parallelDownloads(ours, () => {
        peak = Math.max(peak, rssBytes(product.pid));
      }),
    );
    results.rss.push((peak - before) / MiB);
    results.nginx.push(await parallelDownloads(theirs));
    console.log(
      `round ${round}: ours ${fmt(results.ours.at(-1), 0)} MiB/s (RSS +${fmt(results.rss.at(-1), 0)} MiB), nginx ${fmt(results.nginx.at(-1), 0)} MiB/s`,
    );
  }
  console.log(
    `\nmedian of ${ROUNDS} rounds, ${PARALLEL} parallel downloads of ${values.mib} MiB\n`,
  );
  const [o, n] = [median(results.ours), median(results.nginx)];
  printTable(
    ['', 'ours', 'nginx sendfile', 'ours / nginx'],
    [
      ['MiB/s', fmt(o, 0), fmt(n, 0), `${fmt(o / n, 2)}×`],
      ['RSS growth (MiB, max)', fmt(Math.max(...results.rss), 0), '', ''],
    ],
  );
} finally {
  await nginx?.stop();
  await product.stop();
}
