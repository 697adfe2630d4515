import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, Next } from 'koa';
import { API_PREFIX, WS_PATH } from '../../../shared/api/paths.ts';
import { COMPRESSIBLE_EXTENSIONS, CONTENT_TYPES } from '../../../shared/content-types.ts';
import { contentSecurityPolicy } from '../../../shared/content-security-policy.ts';
import { isWebAppPage } from '../../../shared/web-app-routes.ts';

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
 * writes `__PUBLIC_ORIGIN__`, and each answer fills in the server's public origin.
 */
const ORIGIN_PLACEHOLDER = '__PUBLIC_ORIGIN__';
const NAMES_ORIGIN = new Set(['/robots.txt', '/sitemap.xml']);

/** Every file of the bundle by URL path, read once: the bundle does not change while serving. */
function indexBundle(root: string): Map<string, BundleFile> {
  const files = new Map<string, BundleFile>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(full);
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

/**
 * Serves the built web bundle, indexed once at start (as is index.html):
 * - files in their precompressed variant (brotli or gzip, written by the build) when the client
 *   accepts one, with `Vary: Accept-Encoding`;
 * - Vite's hashed `/assets/` cached for good, everything else revalidated so a deploy is seen;
 * - a path that names a missing file is a 404, never the app; other unknown paths get the app,
 *   whose router shows its own 404 page; `/api` and `/ws` never fall back to the app;
 * - HEAD like GET, without the body.
 *
 * The app's HTML gets a fresh style nonce per response, announced in a `csp-nonce` meta tag that
 * styled-components reads, and allowed by that response's CSP alone. Being different each time,
 * it is compressed per response (it is a couple of kilobytes).
 */
export function serveWebBundle(webDir: string, publicUrl: string | null) {
  const root = path.resolve(webDir);
  const files = indexBundle(root);
  const withOrigin = new Map(
    [...NAMES_ORIGIN]
      .filter((urlPath) => files.has(urlPath))
      .map((urlPath) => [urlPath, fs.readFileSync(files.get(urlPath)!.path, 'utf8')]),
  );
  const indexFile = files.get('/index.html');
  const [beforeHead, afterHead] = (() => {
    if (indexFile === undefined) return ['', ''];
    const html = fs.readFileSync(indexFile.path, 'utf8');
    const head = /<head[^>]*>/i.exec(html);
    const cut = head === null ? 0 : head.index + head[0].length;
    return [html.slice(0, cut), html.slice(cut)];
  })();

  async function serveApp(ctx: Context, status: 200 | 404) {
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = `${beforeHead}\n    <meta property="csp-nonce" content="${nonce}" />${afterHead}`;
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
    ctx.body = encoding === 'br' ? await brotli(html) : await gzip(html);
  }

  /** PUBLIC_URL's origin when configured, else the one the request came to. */
  function serveWithOrigin(ctx: Context, file: BundleFile, template: string) {
    ctx.type = file.type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = template.replaceAll(
      ORIGIN_PLACEHOLDER,
      publicUrl === null ? `${ctx.protocol}://${ctx.host}` : new URL(publicUrl).origin,
    );
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
    await serveApp(ctx, isPage ? 200 : 404);
  }

  // Every API call passes here first: it goes straight on, without waiting on the routes in a
  // frame of its own, since the bundle never answers for `/api` or `/ws`.
  return (ctx: Context, next: Next) => (isReserved(ctx.path) ? next() : serveUnrouted(ctx, next));
}
