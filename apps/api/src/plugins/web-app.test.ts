/**
 * Serving the web app (plugins/web-app.ts, modules/site/pages.ts) from a small build made here:
 * an index.html template, a Vite manifest, a hashed asset with its brotli and gzip copies, and a
 * server entry that renders the plan names it reads through the API transport, as the real one
 * does. Checks what a browser and a crawler get: precompressed files with immutable caching,
 * rendered pages with no-cache and an ETag, pages rendered again exactly when their data changed,
 * the shell (noindex) elsewhere, robots.txt, sitemap.xml and the manifest, and large JSON answers
 * compressed.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansResponseSchema } from '@flockr/contract';
import { updateUser } from '../modules/accounts/repository.js';
import { createHarness, registerUser, type Harness } from '../test/harness.js';

const ASSET = 'assets/index-abc123.js';
const ASSET_BODY = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

/** A web build in a temporary folder; the entry counts its renders in globalThis. */
function makeBuild(root: string) {
  const dist = path.join(root, 'dist');
  const serverDist = path.join(root, 'dist-server');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(serverDist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--page-head--><script type="module" src="/assets/index-abc123.js"></script></head>' +
      `<body><div id="root"><!--page-app--></div><!--page-state--><p>${'Grow your audience. '.repeat(80)}</p></body></html>`,
  );
  writeFileSync(path.join(dist, ASSET), ASSET_BODY);
  writeFileSync(path.join(dist, `${ASSET}.br`), brotliCompressSync(ASSET_BODY));
  writeFileSync(path.join(dist, `${ASSET}.gz`), gzipSync(ASSET_BODY));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ASSET, isEntry: true, dynamicImports: ['src/main.tsx'] },
      'src/main.tsx': { file: 'assets/main-aaa111.js', isEntry: true, imports: ['_app.js'] },
      '_app.js': { file: 'assets/app-bbb222.js', css: ['assets/index-ccc333.css'] },
      'src/app/routes/plans.tsx': {
        file: 'assets/plans-def456.js',
        imports: ['_app.js', 'index.html'],
      },
    }),
  );
  writeFileSync(
    path.join(serverDist, 'entry-server.js'),
    `let send;
export const PUBLIC_PAGES = {
  home: { path: '/', title: 'Home', description: 'Home page' },
  plans: { path: '/plans', title: 'Plans', description: 'Plans page' },
};
export const PAGE_MODULES = { '/plans': 'src/app/routes/plans.tsx' };
export function setApiTransport(fn) { send = fn; }
export async function renderPage({ url, publicUrl, phone }) {
  const page = Object.values(PUBLIC_PAGES).find((p) => p.path === url.pathname);
  if (!page) return null;
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  const site = await (await send('/api/v1/site/config')).json();
  const plans = page.path === '/plans' ? (await (await send('/api/v1/subscriptions/plans')).json()).plans : [];
  return {
    head: '<title>' + page.title + ' · ' + site.product_name + '</title><link rel="canonical" href="' + publicUrl + page.path + '">',
    app: '<main data-phone="' + phone + '">' + plans.map((p) => '<h2>' + p.name + '</h2>').join('') + '</main>',
    state: '<script type="application/json" id="server-state">{}</script>',
  };
}
`,
  );
  return { dist, serverDist };
}

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

let h: Harness;
let root: string;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'flockr-web-'));
  h = await createHarness({}, { web: makeBuild(root) });
  admin = await registerUser(h.app, 'webadmin');
  await updateUser(h.db, admin.user.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await h.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

describe('the build’s files', () => {
  it('sends the brotli or gzip copy made at build time, by Accept-Encoding, cached for a year', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_BODY);

    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET_BODY);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_BODY);
  });

  it('caches files without a content hash for an hour, and never serves the manifest', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.headers['content-type']).toContain('text/html');
  });
});

describe('HTML documents', () => {
  it('renders a public page with its data, no-cache with an ETag, and 304 when unchanged', async () => {
    const res = await get('/plans');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Plans · Flockr</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/plans">');
    expect(res.body).toMatch(/<h2>PRO<\/h2><h2>PRO\+<\/h2>/);
    // The scripts the entry asks for once the page is painted: the app, then the page's route,
    // each with what it imports, without the entry itself; nothing preloaded in the head.
    expect(res.body).toContain(
      '<script type="application/json" id="page-modules">' +
        '["/assets/main-aaa111.js","/assets/app-bbb222.js","/assets/plans-def456.js"]</script>',
    );
    expect(res.body).not.toContain('modulepreload');
    expect(res.headers['x-robots-tag']).toBeUndefined();
    const again = await get('/plans', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps a rendered page until the data it shows changes, then renders it again', async () => {
    await get('/plans');
    const before = renders();
    await get('/plans');
    await get('/plans');
    expect(renders()).toBe(before);

    const plan = plansResponseSchema
      .parse((await get('/api/v1/subscriptions/plans')).json())
      .plans.find((p) => p.name === 'PRO+')!;
    const renamed = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/plans/${plan.id}`,
      headers: admin.headers,
      payload: { name: 'PRO MAX' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get('/plans');
    expect(renders()).toBe(before + 1);
    expect(after.body).toContain('<h2>PRO MAX</h2>');
    expect(after.body).not.toContain('<h2>PRO+</h2>');
  });

  it('renders the phone layout for a phone and the desktop one otherwise', async () => {
    const phone = await get('/', {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
    });
    expect(phone.body).toContain('data-phone="true"');
    expect(String(phone.headers.vary)).toContain('User-Agent');
    expect((await get('/', { 'sec-ch-ua-mobile': '?0' })).body).toContain('data-phone="false"');
  });

  it('answers every other path with the app’s shell, kept out of search results', async () => {
    const res = await get('/orders');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Flockr</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<div id="root"></div>');
    // The app's scripts, asked for at once (nothing to paint first).
    expect(res.body).toContain(
      '<script type="application/json" id="page-modules">' +
        '["/assets/main-aaa111.js","/assets/app-bbb222.js"]</script>',
    );
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it("asks every page's browser for the client hints that tell its computer's CPU", async () => {
    // The download calls a page makes then carry them (lib/computer.ts, docs/downloads.md).
    for (const url of ['/plans', '/downloads']) {
      expect((await get(url)).headers['accept-ch']).toBe(
        'Sec-CH-UA-Platform, Sec-CH-UA-Arch, Sec-CH-UA-Bitness',
      );
    }
  });

  it('compresses documents for clients that accept it', async () => {
    const res = await get('/plans', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h2>PRO MAX</h2>');
  });

  it('never answers an unknown API path with HTML', async () => {
    const res = await get('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('robots.txt, sitemap.xml and the manifest', () => {
  it('robots.txt keeps crawlers out of the API and signed-in pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('sitemap.xml lists the public pages under PUBLIC_URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['http://localhost:3000/', 'http://localhost:3000/plans']);
  });

  it('the web app manifest carries the product name', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({ name: 'Flockr', start_url: '/', display: 'standalone' });
  });
});

describe('API answers', () => {
  it('compresses large JSON answers and leaves small ones as they are', async () => {
    const big = await get('/api/v1/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const plans = await get('/api/v1/subscriptions/plans', { 'accept-encoding': 'gzip' });
    expect(plans.headers['content-encoding']).toBe('gzip');
    expect(
      plansResponseSchema.parse(JSON.parse(gunzipSync(plans.rawPayload).toString())).plans.length,
    ).toBeGreaterThan(0);
    const small = await get('/api/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
