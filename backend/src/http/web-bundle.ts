import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import { API_PREFIX, WS_PATH } from '../../../shared/api/paths.ts';
import { COMPRESSIBLE_EXTENSIONS, CONTENT_TYPES } from '../../../shared/content-types.ts';
import { contentSecurityPolicy } from '../../../shared/content-security-policy.ts';
import {
  LANGUAGE_CODES,
  languageOfAcceptLanguage,
  type LanguageCode,
} from '../../../shared/languages.ts';
import {
  ORIGIN_PLACEHOLDER,
  PRERENDERED_DIR,
  PRERENDERED_ROUTES,
  STYLE_NONCE_PLACEHOLDER,
  isWebAppPage,
  prerenderedFile,
  webAppRouteOf,
} from '../../../shared/web-app-routes.ts';
import type { RenderedPages } from './rendered-pages.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** One file of the bundle, with the compressed variants the build wrote beside it. */
interface BundleFile {
  path: string;
  type: string;
  size: number;
  /** Hashed by Vite: its name changes with its content, so it may be cached for good. */
  immutable: boolean;
  encoded: Partial<Record<Encoding, { path: string; size: number }>>;
}

const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Files whose addresses must be absolute (a sitemap's, robots.txt's Sitemap line): the build
 * writes ORIGIN_PLACEHOLDER, and each answer fills in the server's public origin.
 */
const NAMES_ORIGIN = new Set(['/robots.txt', '/sitemap.xml']);

/** Every file of the bundle by URL path, read once: the bundle does not change while serving. */
function indexBundle(root: string): Map<string, BundleFile> {
  const files = new Map<string, BundleFile>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        // The pre-rendered pages are served for their routes, not as files.
        if (full !== path.join(root, PRERENDERED_DIR)) walk(full);
        continue;
      }
      const extension = path.extname(entry.name);
      if (!entry.isFile() || extension === '.br' || extension === '.gz') continue;
      const encoded: BundleFile['encoded'] = {};
      for (const encoding of ['br', 'gzip'] as const) {
        const variant = full + ENCODED_SUFFIX[encoding];
        if (fs.existsSync(variant))
          encoded[encoding] = { path: variant, size: fs.statSync(variant).size };
      }
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      files.set(urlPath, {
        path: full,
        type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        size: fs.statSync(full).size,
        immutable: urlPath.startsWith('/assets/'),
        encoded,
      });
    }
  };
  walk(root);
  return files;
}

/** The client's preferred encoding among those on offer (brotli first); identity otherwise. */
function chooseEncoding(acceptEncoding: string, offered: readonly Encoding[]): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const acceptable = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return offered.find(acceptable) ?? null;
}

function isReserved(requestPath: string): boolean {
  return [API_PREFIX, WS_PATH].some(
    (prefix) => requestPath === prefix || requestPath.startsWith(`${prefix}/`),
  );
}

/** A path that names a file (an asset, or anything with an extension) rather than an app page. */
function namesFile(requestPath: string): boolean {
  return requestPath.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(requestPath);
}

/** Fast enough per answer (about a millisecond for a pre-rendered page), within ~10% of 11's size. */
const PAGE_BROTLI_QUALITY = 5;

/**
 * The pre-rendered pages the build wrote (scripts/prerender.ts), by their file under
 * PRERENDERED_DIR, read at start with the rest of the bundle (a deploy that replaces the files
 * of a running server must not mix its pages with the old scripts). Kept as UTF-8 bytes, some
 * 5 MB for the twelve languages: as strings most would take twice that.
 */
function readPrerendered(root: string): Map<string, Buffer> {
  const pages = new Map<string, Buffer>();
  for (const route of PRERENDERED_ROUTES) {
    for (const language of LANGUAGE_CODES) {
      const file = prerenderedFile(route, language);
      const full = path.join(root, PRERENDERED_DIR, file);
      if (fs.existsSync(full)) pages.set(file, fs.readFileSync(full));
    }
  }
  return pages;
}

/** An HTML page compressed for one answer: its nonce makes each different. */
function compressPage(html: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } })
    : gzip(html);
}

/**
 * Serves the built web bundle, indexed once at start (as are index.html and the pre-rendered
 * pages):
 * - files in their precompressed variant (brotli or gzip, written by the build) when the client
 *   accepts one, with `Vary: Accept-Encoding`;
 * - Vite's hashed `/assets/` cached for good, everything else revalidated so a deploy is seen;
 * - a path that names a missing file is a 404, never the app; other unknown paths get the app,
 *   whose router shows its own 404 page; `/api` and `/ws` never fall back to the app;
 * - HEAD like GET, without the body;
 * - the pages the build pre-rendered, for their paths, and those the server renders
 *   (`renderedPages`: the blog's), in the language of `Accept-Language` (`Vary:
 *   Accept-Language`); the browser checks before its first paint that this is the language it
 *   starts in (renderer/src/prerender/boot.ts).
 *
 * The app's HTML gets a fresh style nonce per response, announced in a `csp-nonce` meta tag that
 * styled-components reads, and allowed by that response's CSP alone: it admits the pre-rendered
 * page's styles too. Being different each time, it is compressed per response.
 */
export function serveWebBundle(options: {
  webDir: string;
  publicUrl: string | null;
  renderedPages: RenderedPages | null;
}) {
  const { publicUrl, renderedPages } = options;
  const root = path.resolve(options.webDir);
  const files = indexBundle(root);
  const withOrigin = new Map(
    [...NAMES_ORIGIN]
      .filter((urlPath) => files.has(urlPath))
      .map((urlPath) => [urlPath, fs.readFileSync(files.get(urlPath)!.path, 'utf8')]),
  );
  const indexFile = files.get('/index.html');
  const shell = indexFile === undefined ? '' : fs.readFileSync(indexFile.path, 'utf8');
  const prerendered = readPrerendered(root);

  /** PUBLIC_URL's origin when configured, else the one the request came to. */
  const originOf = (ctx: Context) =>
    publicUrl === null ? `${ctx.protocol}://${ctx.host}` : new URL(publicUrl).origin;

  /** The page rendered ahead for this path in `language`, by the build or by the server. */
  async function renderedPage(requestPath: string, language: LanguageCode) {
    const route = webAppRouteOf(requestPath);
    const prerenderedPage =
      route === null
        ? undefined
        : prerendered.get(prerenderedFile(route, language))?.toString('utf8');
    return prerenderedPage ?? (await renderedPages?.page(requestPath, language)) ?? null;
  }

  /**
   * The app's HTML: the page rendered ahead for this path in the language the request asks for
   * where there is one, else the shell the app renders into.
   */
  async function serveApp(ctx: Context, requestPath: string, status: 200 | 404) {
    const language = languageOfAcceptLanguage(ctx.get('Accept-Language'));
    const rendered = status === 200 ? await renderedPage(requestPath, language) : null;
    let page = shell;
    if (rendered !== null) {
      page = rendered;
      // Another language asks for another page; a cache must not give one for the other.
      ctx.vary('Accept-Language');
      ctx.set('Content-Language', language);
    }
    const nonce = crypto.randomBytes(16).toString('base64');
    const head = /<head[^>]*>/i.exec(page);
    const cut = head === null ? 0 : head.index + head[0].length;
    const html =
      `${page.slice(0, cut)}\n    <meta property="csp-nonce" content="${nonce}" />${page.slice(cut)}`
        .replaceAll(STYLE_NONCE_PLACEHOLDER, nonce)
        .replaceAll(ORIGIN_PLACEHOLDER, originOf(ctx));
    ctx.set('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce }));
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    ctx.type = CONTENT_TYPES['.html']!;
    ctx.status = status;
    const encoding = chooseEncoding(ctx.get('Accept-Encoding'), ['br', 'gzip']);
    if (encoding === null) {
      ctx.body = html;
      return;
    }
    ctx.set('Content-Encoding', encoding);
    ctx.body = await compressPage(html, encoding);
  }

  function serveWithOrigin(ctx: Context, file: BundleFile, template: string) {
    ctx.type = file.type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = template.replaceAll(ORIGIN_PLACEHOLDER, originOf(ctx));
  }

  function serveFile(ctx: Context, file: BundleFile) {
    ctx.type = file.type;
    ctx.set('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (COMPRESSIBLE_EXTENSIONS.includes(path.extname(file.path))) ctx.vary('Accept-Encoding');
    const offered = (['br', 'gzip'] as const).filter((encoding) => file.encoded[encoding]);
    const encoding = chooseEncoding(ctx.get('Accept-Encoding'), offered);
    const chosen = encoding === null ? file : file.encoded[encoding]!;
    if (encoding !== null) ctx.set('Content-Encoding', encoding);
    // For HEAD, Koa sends the headers only and closes the stream unread.
    ctx.body = fs.createReadStream(chosen.path);
    ctx.length = chosen.size;
  }

  /** What the routes left unanswered: a file of the bundle, or the app. */
  async function serveUnrouted(ctx: Context, next: Next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    let requestPath: string;
    try {
      requestPath = decodeURIComponent(ctx.path);
    } catch {
      return;
    }
    const file = requestPath === '/index.html' ? undefined : files.get(requestPath);
    const template = withOrigin.get(requestPath);
    if (file !== undefined && template !== undefined) {
      serveWithOrigin(ctx, file, template);
      return;
    }
    if (file !== undefined) {
      serveFile(ctx, file);
      return;
    }
    if (indexFile === undefined || (namesFile(requestPath) && requestPath !== '/index.html')) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    // The app for every path, so it can say what is missing; 404 where it has no page. The
    // service worker precaches the app itself as /index.html.
    const isPage = requestPath === '/index.html' || isWebAppPage(requestPath);
    await serveApp(ctx, requestPath, isPage ? 200 : 404);
  }

  // Every API call passes here first: it goes straight on, without waiting on the routes in a
  // frame of its own, since the bundle never answers for `/api` or `/ws`.
  return (ctx: Context, next: Next) => (isReserved(ctx.path) ? next() : serveUnrouted(ctx, next));
}
