import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/**
 * What each route makes the browser download before it can paint, measured on the built web
 * bundle (`npm run build:web`) from Vite's manifest: the entry chunk and everything it imports
 * statically, the route's own chunk and its static imports, and the language files the route
 * waits for before rendering (English here). Chunks a route loads later (the share panel, the
 * crypto worker, another language) are not counted. Sizes are gzip at zlib's default level, as
 * a server compressing on the fly would send them.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIR = path.join(repoRoot, 'dist/web');

/** CI fails when the home route's initial JavaScript grows past this (issue 9). */
export const HOME_INITIAL_JS_BUDGET_BYTES = 150 * 1024;

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
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  /** Distinct JS files, in no particular order. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
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

/** Every route's initial JavaScript, for a visitor reading in `language`. */
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
    const files = [...new Set([...keys].map((key) => chunk(manifest, key).file))].filter((file) =>
      file.endsWith('.js'),
    );
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const size = fileSize(webDir, file);
      rawBytes += size.raw;
      gzipBytes += size.gzip;
    }
    return { route, files, rawBytes, gzipBytes };
  });
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
