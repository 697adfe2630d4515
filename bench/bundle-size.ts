import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { PAGE_TEMPLATE_FILE } from '../shared/page-html.ts';
import {
  PRERENDERED_DIR,
  SERVER_RENDERED_ROUTES,
  prerenderedFile,
} from '../shared/web-app-routes.ts';

/**
 * What each route makes the browser download, measured on the built web bundle
 * (`npm run build:web`) from Vite's manifest, at two moments:
 * - **initial**: what it needs before it can paint: the entry chunk and everything it imports
 *   statically, the route's own chunk and its static imports, and the language files the route
 *   waits for before rendering (English here);
 * - **idle**: all it has fetched once the page is idle, without the visitor doing anything: the
 *   initial files, what every page loads right after its first paint (AFTER_PAINT_MODULES), and
 *   the page's classic scripts (index.html's `<script src>`).
 * Chunks loaded only on the visitor's action (a form's schemas, the toasts, the crypto of a
 * note being opened, another language) count in neither. Sizes are gzip at zlib's default
 * level, as a server compressing on the fly would send them (the build's precompressed .gz and
 * .br files are a little smaller). Measured in Chromium on the home page after `networkidle`,
 * the idle set is exactly the JavaScript files the browser requests (issue 36).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIR = path.join(repoRoot, 'dist/web');

/**
 * CI fails when the home route's initial JavaScript grows past this (issue 9). It was 148 KB
 * with React's DOM runtime and i18next (147.9 KB); on Preact, with the app's own translation
 * (issue 36), 74.5 KB.
 */
export const HOME_INITIAL_JS_BUDGET_BYTES = 76 * 1024;
/**
 * ... or when what the home page has fetched once idle grows past these (issue 36, whose goal
 * is 100 KB in 15 requests): 168.3 KB in 13 files before, 94.9 KB in 13 since.
 */
export const HOME_IDLE_JS_BUDGET_BYTES = 96 * 1024;
export const HOME_IDLE_JS_REQUEST_BUDGET = 13;

/** Each route's on-demand page modules, as renderer/src/app/routes.tsx loads them. */
export const ROUTE_MODULES: Record<string, string | readonly string[] | null> = {
  '/': null,
  '/features': 'src/features/static/FeaturesPage.tsx',
  '/security': 'src/features/static/SecurityPage.tsx',
  '/privacy': 'src/features/static/PrivacyPage.tsx',
  '/terms': 'src/features/static/TermsPage.tsx',
  '/faq': 'src/features/faq/FaqPage.tsx',
  '/developers': 'src/features/developers/ApiReferencePage.tsx',
  '/note/:id': 'src/features/notes/view/NoteViewerPage.tsx',
  '/chat': 'src/features/chat/ChatCreatePage.tsx',
  '/chat/:sessionId': 'src/features/chat/ChatRoomPage.tsx',
  '/mobile-chat/:sessionId': [
    'src/app/mobile/MobileShell.tsx',
    'src/features/chat/MobileChatRoomPage.tsx',
  ],
  '/blog': 'src/features/blog/BlogListPage.tsx',
  '/blog/:id': 'src/features/blog/BlogArticlePage.tsx',
  '/analytics': 'src/features/analytics/AnalyticsPage.tsx',
  '/mobile': ['src/app/mobile/MobileShell.tsx', 'src/features/notes/mobile/CreateTab.tsx'],
  '(404)': null,
};

/**
 * What pages load right after their first paint, unasked: the check of /api/config's answer
 * (every page's chrome reads it), the page-view tracker, and the newsletter card where a page
 * shows it (app/NewsletterSlot.tsx).
 */
const EVERY_PAGE_AFTER_PAINT = ['../shared/api/config.ts', 'src/api/tracker.ts'];
const NEWSLETTER_CARD = 'src/features/newsletter/NewsletterCard.tsx';
export const AFTER_PAINT_MODULES: Record<string, readonly string[]> = Object.fromEntries(
  Object.keys(ROUTE_MODULES).map((route) => [
    route,
    ['/', '/faq', '/blog', '/blog/:id'].includes(route)
      ? [...EVERY_PAGE_AFTER_PAINT, NEWSLETTER_CARD]
      : EVERY_PAGE_AFTER_PAINT,
  ]),
);

/** Routes that also wait for the long documents' texts (the `pages` namespace). */
const DOCUMENT_ROUTES = new Set([
  '/features',
  '/security',
  '/privacy',
  '/terms',
  '/faq',
  '/developers',
]);

interface ManifestChunk {
  file: string;
  /** The chunk's name before its hash (a shared chunk's is its main module's file name). */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSet {
  /** Distinct JS files, in no particular order. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

export interface RouteSize extends FileSet {
  route: string;
  /** Everything fetched once the page is idle (a superset of the initial files). */
  idle: FileSet;
}

export function readManifest(webDir = WEB_DIR): Manifest {
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run \`npm run build:web\` first.`);
  }
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
}

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`The build has no chunk for ${key}; update bench/bundle-size.ts`);
  return found;
}

/** A chunk and every chunk it imports statically, as the browser fetches them before running it. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk(manifest, key).imports ?? [])
    staticClosure(manifest, imported, into);
  return into;
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();

function fileSize(webDir: string, file: string): { raw: number; gzip: number } {
  const fullPath = path.join(webDir, file);
  let size = gzipCache.get(fullPath);
  if (!size) {
    const bytes = fs.readFileSync(fullPath);
    size = { raw: bytes.length, gzip: zlib.gzipSync(bytes).length };
    gzipCache.set(fullPath, size);
  }
  return size;
}

/**
 * The classic scripts the route's page runs before the app: the boot script where the build
 * pre-rendered the route (scripts/prerender.ts) or the server renders it (into the same
 * template), else index.html's zod-jitless.js.
 */
function pageScripts(webDir: string, route: string, language: string): string[] {
  const prerendered = path.join(webDir, PRERENDERED_DIR, prerenderedFile(route, language));
  const serverRendered = (SERVER_RENDERED_ROUTES as readonly string[]).includes(route);
  const page = fs.existsSync(prerendered)
    ? prerendered
    : serverRendered
      ? path.join(webDir, PRERENDERED_DIR, PAGE_TEMPLATE_FILE)
      : path.join(webDir, 'index.html');
  const html = fs.readFileSync(page, 'utf8');
  return [...html.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)].map(
    (match) => match[1]!,
  );
}

function fileSet(webDir: string, manifest: Manifest, keys: Set<string>, extra: string[] = []) {
  const files = [
    ...new Set([...[...keys].map((key) => chunk(manifest, key).file), ...extra]),
  ].filter((file) => file.endsWith('.js'));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const size = fileSize(webDir, file);
    rawBytes += size.raw;
    gzipBytes += size.gzip;
  }
  return { files, rawBytes, gzipBytes };
}

/** Every route's JavaScript, initial and once idle, for a visitor reading in `language`. */
export function measureRoutes(webDir = WEB_DIR, language = 'en'): RouteSize[] {
  const manifest = readManifest(webDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The manifest names no entry chunk');

  return Object.entries(ROUTE_MODULES).map(([route, module]) => {
    const keys = staticClosure(manifest, entry);
    staticClosure(manifest, `src/i18n/locales/${language}.json`, keys);
    for (const key of module === null ? [] : typeof module === 'string' ? [module] : module) {
      staticClosure(manifest, key, keys);
    }
    if (DOCUMENT_ROUTES.has(route))
      staticClosure(manifest, `src/i18n/pages/${language}.json`, keys);
    const idleKeys = new Set(keys);
    for (const key of AFTER_PAINT_MODULES[route] ?? []) staticClosure(manifest, key, idleKeys);
    return {
      route,
      ...fileSet(webDir, manifest, keys),
      idle: fileSet(webDir, manifest, idleKeys, pageScripts(webDir, route, language)),
    };
  });
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
