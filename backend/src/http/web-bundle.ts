import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { API_PREFIX, WS_PATH } from '../../../shared/api/paths.ts';
import { contentSecurityPolicy } from './security-headers.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves the built web bundle. Unknown paths get index.html so the client router can show its
 * own 404 page; `/api` and `/ws` never fall back to the app. Vite's hashed `/assets/` files are
 * cached for good, everything else is revalidated so a deploy is picked up at once.
 *
 * The app's HTML gets a fresh style nonce per response, announced in a `csp-nonce` meta tag
 * that styled-components reads, and allowed by that response's CSP alone.
 */
export function serveWebBundle(webDir: string) {
  const root = path.resolve(webDir);
  const indexPath = path.join(root, 'index.html');

  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (isReserved(ctx.path)) return;

    const requested = safeJoin(root, ctx.path);
    const file = requested !== null && isFile(requested) ? requested : indexPath;
    if (!isFile(file)) return;

    if (file === indexPath) {
      const nonce = crypto.randomBytes(16).toString('base64');
      ctx.set('Content-Security-Policy', contentSecurityPolicy(nonce));
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = CONTENT_TYPES['.html']!;
      ctx.status = 200;
      ctx.body = fs
        .readFileSync(indexPath, 'utf8')
        .replace(
          /<head[^>]*>/i,
          (head) => `${head}\n    <meta property="csp-nonce" content="${nonce}" />`,
        );
      return;
    }

    ctx.type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.set(
      'Cache-Control',
      file.startsWith(path.join(root, 'assets') + path.sep)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    );
    ctx.length = fs.statSync(file).size;
    ctx.status = 200;
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
  };
}

function isReserved(requestPath: string): boolean {
  return [API_PREFIX, WS_PATH].some(
    (prefix) => requestPath === prefix || requestPath.startsWith(`${prefix}/`),
  );
}

/** The file under root that a URL path names, or null when it would escape root. */
function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : null;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
