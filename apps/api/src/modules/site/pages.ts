/**
 * The web app's HTML documents (docs/web-performance.md). A public page (the web app's
 * lib/public-pages.ts) is rendered here with its data by the web app's own server entry
 * (apps/web/dist-server/entry-server.js), so it paints its content before any script runs; every
 * other path gets the app's shell, which the browser renders. A rendered page is kept in memory
 * and served again while every answer it was made from still has the ETag it had then (the plan
 * catalogue, the changelog's pages and the site configuration are memory answers that admin
 * changes clear on every instance), so a visitor never sees a page older than its data.
 *
 * The renderer reads data only through {@link publicAnswer}: the public, cached GET answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_BASE_PATH, changelogQuerySchema } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import { escapeMarkup } from '../../lib/escape.js';
import { strongEtag } from '../../lib/etag.js';
import type { MemoryAnswer } from '../../lib/memory-answers.js';
import { publishedPageAnswer } from '../changelog/service.js';
import { catalogAnswer } from '../plans/service.js';
import { siteConfigAnswer } from './service.js';

/** What the web app's server entry exports (apps/web/src/entry-server.tsx). */
interface PageRendererModule {
  PUBLIC_PAGES: Record<string, { path: string; title: string; description: string }>;
  PAGE_MODULES: Record<string, string>;
  setApiTransport(send: typeof fetch): void;
  renderPage(input: {
    url: URL;
    publicUrl: string;
    phone: boolean;
  }): Promise<{ app: string; head: string; state: string } | null>;
}

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** An HTML document ready to send, with its strong ETag. */
export interface HtmlDocument {
  html: string;
  etag: string;
  /** Whether search engines may index it (public pages) or not (the app's other pages). */
  indexable: boolean;
}

/** A rendered page kept in memory and the ETags of the answers it was made from, by URL. */
interface KeptPage {
  document: HtmlDocument;
  sources: Map<string, string>;
}

/** Rendered pages kept at most (public paths × phone or not × the query strings people use). */
const PAGES_KEPT = 200;

/**
 * The public GET answer for an API URL (path and query), from memory, or undefined when the URL is
 * not one the page renderer may read.
 */
export async function publicAnswer(ctx: AppContext, url: URL): Promise<MemoryAnswer | undefined> {
  if (!url.pathname.startsWith(API_BASE_PATH)) return undefined;
  const route = url.pathname.slice(API_BASE_PATH.length);
  if (route === '/site/config') return siteConfigAnswer(ctx);
  if (route === '/subscriptions/plans') return catalogAnswer(ctx);
  if (route === '/changelog') {
    const query = changelogQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return undefined;
    return publishedPageAnswer(ctx, query.data.page, query.data.limit);
  }
  return undefined;
}

/** The manifest key of the browser's entry (the web app's index.html with src/boot.ts). */
const ENTRY = 'index.html';

/**
 * The scripts the browser asks for once the page is painted (the web app's src/boot.ts): what the
 * entry imports dynamically (the app, src/main.tsx) and `module` (a public page's route), each
 * with the chunks it imports, transitively (Vite's manifest), in load order, without what the
 * entry loads already. Paths such as `/assets/main-1a2b3c.js`.
 */
function pageModules(manifest: Record<string, ManifestChunk>, module?: string): string[] {
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entryFiles = new Set<string>();
  walk(ENTRY, entryFiles);
  const files = new Set<string>();
  for (const key of manifest[ENTRY]?.dynamicImports ?? []) walk(key, files);
  if (module) walk(module, files);
  return [...files]
    .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
    .map((file) => `/${file}`);
}

/**
 * The page's modules as the JSON the web app's src/lib/page-modules.ts reads (`<` escaped, so
 * the text cannot close its element).
 */
function pageModulesScript(files: string[]): string {
  const json = JSON.stringify(files).replace(/</g, '\\u003c');
  return `<script type="application/json" id="page-modules">${json}</script>`;
}

/** Where the web app's build lives. */
export interface WebBuild {
  /** The browser's files (apps/web/dist), with index.html and .vite/manifest.json. */
  dist: string;
  /** The server entry's folder (apps/web/dist-server). */
  serverDist: string;
}

/** Renders and keeps the app's HTML documents (see the module's docstring). */
export class PageDocuments {
  private readonly kept = new Map<string, KeptPage>();
  /**
   * The source records of the renders running now. The renderer's API client is one per process,
   * so an answer is recorded in every running render's record: a page may list an answer it did
   * not read (and be rendered again needlessly), never miss one it did.
   */
  private readonly rendering = new Set<Map<string, string>>();
  private readonly template: string;
  private readonly shell: HtmlDocument;

  private constructor(
    private readonly ctx: AppContext,
    private readonly renderer: PageRendererModule | null,
    private readonly manifest: Record<string, ManifestChunk>,
    template: string,
  ) {
    this.template = template;
    const head = [
      `<title>${escapeMarkup(ctx.config.productName)}</title>`,
      '<meta name="robots" content="noindex" />',
    ].join('\n    ');
    this.shell = this.fill(
      { head, app: '', state: '', modules: pageModulesScript(pageModules(manifest)) },
      false,
    );
  }

  /**
   * Loads the build: the template, the manifest and, when it was built, the server entry (without
   * it every path gets the shell). Points the entry's API calls at {@link publicAnswer}.
   * @throws when `build.dist` has no index.html.
   */
  static async load(ctx: AppContext, build: WebBuild): Promise<PageDocuments> {
    const template = readFileSync(path.join(build.dist, 'index.html'), 'utf8');
    const manifestPath = path.join(build.dist, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    const entry = path.join(build.serverDist, 'entry-server.js');
    let renderer: PageRendererModule | null = null;
    if (existsSync(entry)) {
      renderer = (await import(pathToFileURL(entry).href)) as PageRendererModule;
    } else {
      ctx.log.warn({ entry }, 'the web app has no server entry: pages are rendered in the browser');
    }
    const documents = new PageDocuments(ctx, renderer, manifest, template);
    renderer?.setApiTransport((input) => documents.answer(input));
    return documents;
  }

  /** The paths of the public pages (for the sitemap); empty without a server entry. */
  publicPaths(): string[] {
    return Object.values(this.renderer?.PUBLIC_PAGES ?? {}).map((page) => page.path);
  }

  /**
   * The document for `url` (path and query): a public page rendered with its data, from memory
   * while its data is unchanged; else the app's shell. A page whose render fails gets the shell
   * (logged), so the browser still shows it.
   */
  async document(url: URL, phone: boolean): Promise<HtmlDocument> {
    if (!this.renderer) return this.shell;
    const key = `${phone ? 'phone' : 'desktop'} ${url.pathname}${url.search}`;
    const kept = this.kept.get(key);
    if (kept && (await this.unchanged(kept.sources))) return kept.document;
    // Every API answer read while this page renders is recorded with its ETag (see answer()).
    const sources = new Map<string, string>();
    this.rendering.add(sources);
    let rendered;
    try {
      rendered = await this.renderer.renderPage({
        url,
        publicUrl: this.ctx.config.publicUrl,
        phone,
      });
    } catch (error) {
      this.ctx.log.error({ err: error, url: url.pathname }, 'rendering a page failed');
      return this.shell;
    } finally {
      this.rendering.delete(sources);
    }
    if (!rendered) return this.shell;
    const module = this.renderer.PAGE_MODULES[url.pathname.replace(/(.)\/+$/, '$1')];
    const modules = pageModulesScript(pageModules(this.manifest, module));
    const document = this.fill({ ...rendered, modules }, true);
    if (this.kept.size >= PAGES_KEPT && !this.kept.has(key)) {
      this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(key, { document, sources });
    return document;
  }

  /** Whether every answer in `sources` (URL → ETag) still has the same ETag. */
  private async unchanged(sources: Map<string, string>): Promise<boolean> {
    for (const [url, etag] of sources) {
      const answer = await publicAnswer(this.ctx, new URL(url, 'http://page.invalid'));
      if (answer?.etag !== etag) return false;
    }
    return true;
  }

  /** Answers one API call of the renderer from memory; any other URL is refused with 404. */
  private async answer(input: string | URL | Request): Promise<Response> {
    const url = new URL(
      typeof input === 'string' ? input : input.toString(),
      'http://page.invalid',
    );
    const found = await publicAnswer(this.ctx, url);
    if (!found) return new Response(null, { status: 404 });
    for (const sources of this.rendering) sources.set(url.pathname + url.search, found.etag);
    return new Response(found.body, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', etag: found.etag },
    });
  }

  /**
   * The template with the page's head tags, markup, state and the list of its modules in their
   * places (the list at the end of the body, read by the entry once the page is painted).
   */
  private fill(
    parts: { head: string; app: string; state: string; modules: string },
    indexable: boolean,
  ) {
    const html = this.template
      .replace('<!--page-head-->', () => parts.head)
      .replace('<!--page-app-->', () => parts.app)
      .replace('<!--page-state-->', () => `${parts.state}\n    ${parts.modules}`);
    return { html, etag: strongEtag(html), indexable };
  }
}
