/**
 * Serves the built web app the way a CDN would (docs/web-performance.md):
 *
 * - files of apps/web/dist: their brotli or gzip copy made at build time when the browser accepts
 *   it (`Vary: Accept-Encoding`); hashed files under /assets/ `public, max-age=31536000,
 *   immutable` (their name changes with their content), other files an hour;
 * - every other GET outside the API: an HTML document (modules/site/pages.ts): a public page
 *   rendered with its data, else the app's shell; `no-cache` with a strong ETag, so a browser
 *   revalidates it on each visit and gets 304 when nothing changed; `Accept-CH` asks the browser
 *   for the client hints that tell a computer's CPU (lib/computer.ts);
 * - `/robots.txt`, `/sitemap.xml` (the public pages under PUBLIC_URL) and
 *   `/manifest.webmanifest` (the web app manifest, with the configured product name).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context.js';
import { ACCEPT_CLIENT_HINTS } from '../lib/computer.js';
import { escapeMarkup } from '../lib/escape.js';
import { strongEtag } from '../lib/etag.js';
import { PageDocuments, type WebBuild } from '../modules/site/pages.js';
import { addVary, sendKeptText } from './send-answer.js';

/** Cache-Control of hashed build files: a year, never revalidated (RFC 8246). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of the build's other files (favicon, icons): an hour. */
export const SHORT_CACHE = 'public, max-age=3600';

/** Paths that robots.txt asks crawlers to leave alone: the API and every signed-in page. */
export const NOT_FOR_CRAWLERS = [
  '/api/',
  '/admin',
  '/orders',
  '/profile',
  '/downloads',
  '/thank-you/',
  '/sandbox/',
];

/**
 * Whether a request comes from a phone: the `Sec-CH-UA-Mobile` client hint when sent, else a
 * mobile User-Agent (the server renders the phone layout for it; the browser corrects a wrong
 * guess right after hydrating).
 */
export function isPhoneRequest(headers: FastifyRequest['headers']): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint === '?1';
  return /Mobi|Android|iPhone|iPod/i.test(headers['user-agent'] ?? '');
}

/** A text generated once at start, sent with its ETag like a file. */
function generated(body: string, contentType: string) {
  return { body, contentType, etag: strongEtag(body) };
}

/**
 * Registers the web app on `app`: the build's files, robots.txt, sitemap.xml and the manifest.
 * Returns the function that answers every other GET with an HTML document (the not-found handler
 * of app.ts calls it for paths outside the API).
 */
export async function registerWebApp(
  app: FastifyInstance,
  ctx: AppContext,
  build: WebBuild,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>> {
  const documents = await PageDocuments.load(ctx, build);

  await app.register(fastifyStatic, {
    root: build.dist,
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    globIgnore: ['index.html', '.vite/**', '**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const underAssets = path.relative(build.dist, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', underAssets ? IMMUTABLE_CACHE : SHORT_CACHE);
    },
  });

  const origin = ctx.config.publicUrl.replace(/\/+$/, '');
  const robots = generated(
    [
      'User-agent: *',
      ...NOT_FOR_CRAWLERS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
    'text/plain; charset=utf-8',
  );
  const sitemap = generated(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...documents
        .publicPaths()
        .map((p) => `  <url><loc>${escapeMarkup(`${origin}${p}`)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n'),
    'application/xml; charset=utf-8',
  );
  const manifest = generated(
    JSON.stringify({
      name: ctx.config.productName,
      short_name: ctx.config.productName,
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#4f46e5',
      icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    }),
    'application/manifest+json; charset=utf-8',
  );
  for (const [url, file] of [
    ['/robots.txt', robots],
    ['/sitemap.xml', sitemap],
    ['/manifest.webmanifest', manifest],
  ] as const) {
    app.get(url, async (request, reply) => {
      reply.header('cache-control', SHORT_CACHE);
      return sendKeptText(request, reply, file, file);
    });
  }

  return async (request, reply) => {
    const url = new URL(request.url, 'http://request.invalid');
    const document = await documents.document(url, isPhoneRequest(request.headers));
    reply.header('cache-control', 'no-cache');
    // The download calls the page makes then carry the CPU architecture (lib/computer.ts).
    reply.header('accept-ch', ACCEPT_CLIENT_HINTS);
    addVary(reply, 'User-Agent');
    if (!document.indexable) reply.header('x-robots-tag', 'noindex');
    return sendKeptText(request, reply, document, {
      body: document.html,
      etag: document.etag,
      contentType: 'text/html; charset=utf-8',
    });
  };
}
