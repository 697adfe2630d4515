import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy } from '../../shared/content-security-policy.ts';
import { CONTENT_TYPES } from '../../shared/content-types.ts';
import { DESKTOP_APP_HOST, DESKTOP_APP_SCHEME } from '../../shared/desktop-origin.ts';
import type { ServerConnection } from '../../shared/desktop-settings.ts';

/**
 * What the `app://ashnote` protocol answers: files of the built renderer and nothing else. The
 * window's whole app comes from here, never from a server, so a compromised or impersonated
 * server cannot change the code that holds the keys. Kept free of Electron so that its checks
 * are unit-tested and a browser test can serve the renderer exactly as the app does.
 */

export type AppRequestDecision =
  | { kind: 'file'; file: string; index: boolean }
  | { kind: 'refuse'; status: 400 | 403 | 404 | 405 };

/** Decides what a request to the app protocol gets. Only GET and HEAD of the app's own host. */
export function resolveAppRequest(
  request: { method: string; url: string },
  rendererDir: string,
): AppRequestDecision {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'refuse', status: 405 };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'refuse', status: 400 };
  }
  if (
    url.protocol !== `${DESKTOP_APP_SCHEME}:` ||
    url.host !== DESKTOP_APP_HOST ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return { kind: 'refuse', status: 403 };
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refuse', status: 400 };
  }
  // Encoded separators and NUL never name a file of ours; refuse rather than interpret them.
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'refuse', status: 400 };
  if (decoded.split('/').some((segment) => segment === '..')) {
    return { kind: 'refuse', status: 403 };
  }

  const root = path.resolve(rendererDir);
  const index = path.join(root, 'index.html');
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) {
    return { kind: 'refuse', status: 403 };
  }
  if (resolved !== root && isFile(resolved)) {
    return insideRoot(resolved, root)
      ? { kind: 'file', file: resolved, index: resolved === index }
      : { kind: 'refuse', status: 403 };
  }
  // A client route (/note/ID, /settings) is the app's page; a missing asset is a 404.
  if (path.posix.extname(decoded) === '') return { kind: 'file', file: index, index: true };
  return { kind: 'refuse', status: 404 };
}

/** Symbolic links must not lead out of the renderer folder either. */
function insideRoot(file: string, root: string): boolean {
  try {
    const realRoot = fs.realpathSync(root);
    const real = fs.realpathSync(file);
    return real.startsWith(realRoot + path.sep);
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The socket origin (`ws:`/`wss:`) for an http(s) origin. */
export function socketOrigin(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws');
}

/**
 * The web's policy, except that connections may also go to the one server in use: the
 * renderer's origin is the app's, the API's is another. A switch of server reloads the page,
 * which then gets the new policy.
 */
export function desktopContentSecurityPolicy(
  connection: ServerConnection | null,
  styleNonce?: string,
): string {
  const server =
    connection === null ? [] : [connection.apiOrigin, socketOrigin(connection.apiOrigin)];
  return contentSecurityPolicy({ styleNonce, connectTo: server });
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The answer for a decision. The app's HTML gets a fresh style nonce, announced in the
 * `csp-nonce` meta tag styled-components reads, as the web server does.
 */
export function appResponse(
  decision: AppRequestDecision,
  method: string,
  connection: ServerConnection | null,
): AppResponse {
  if (decision.kind === 'refuse') return { status: decision.status, headers: {}, body: null };
  const common = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
  if (decision.index) {
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = fs
      .readFileSync(decision.file, 'utf8')
      .replace(
        /<head[^>]*>/i,
        (head) => `${head}\n    <meta property="csp-nonce" content="${nonce}" />`,
      );
    return {
      status: 200,
      headers: {
        ...common,
        'Content-Type': CONTENT_TYPES['.html']!,
        'Content-Security-Policy': desktopContentSecurityPolicy(connection, nonce),
      },
      body: method === 'HEAD' ? null : Buffer.from(html),
    };
  }
  return {
    status: 200,
    headers: {
      ...common,
      'Content-Type': CONTENT_TYPES[path.extname(decision.file)] ?? 'application/octet-stream',
      'Content-Security-Policy': desktopContentSecurityPolicy(connection),
    },
    body: method === 'HEAD' ? null : fs.readFileSync(decision.file),
  };
}
