import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as rolldown } from 'rolldown';
import { build as vite } from 'vite';
import { LANGUAGES } from '../shared/languages.ts';
import {
  ORIGIN_PLACEHOLDER,
  PRERENDERED_DIR,
  PRERENDERED_ROUTES,
  STYLE_NONCE_PLACEHOLDER,
  prerenderedFile,
} from '../shared/web-app-routes.ts';
import type { RenderedPage } from '../shared/web-app-routes.ts';
import { rendererDefine, rendererPlugins, rendererRoot } from '../renderer/vite.config.ts';
import { writeCompressed } from './vite-precompress.ts';

/**
 * The second half of `build:web` (issue 36): every page of PRERENDERED_ROUTES in every
 * language, rendered to HTML as the app's first render in the browser will make it, so a phone
 * paints the page from the HTML alone and the app then takes it over (hydrates) as it is.
 *
 * 1. The app is built once more for Node (Vite's SSR build of src/prerender/renderPage.tsx,
 *    into a folder removed afterwards) and each page rendered with it.
 * 2. src/prerender/boot.ts becomes the pages' one classic script (assets/boot-<hash>.js): it
 *    runs before the first paint and hides a page that will be rendered afresh, and starts the
 *    app (index.html's module entry and preloads, moved to its data attributes).
 * 3. Each page is the built index.html with its language and direction, its own head (title,
 *    description, social tags, canonical address), its styles and its content, written under
 *    dist/web/prerendered/<language>/. backend/src/http/web-bundle.ts serves it for its path
 *    in the language the request asks for (Accept-Language), filling in the placeholders.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIR = path.join(ROOT, 'dist/web');
const SSR_DIR = path.join(ROOT, 'dist/.prerender');
/** An origin no page links to, replaced by ORIGIN_PLACEHOLDER once rendered. */
const RENDER_ORIGIN = 'https://prerender.invalid';

type RenderPage = (path: string, language: string, origin: string) => Promise<RenderedPage>;

async function buildRenderer(): Promise<RenderPage> {
  await vite({
    configFile: false,
    root: rendererRoot,
    plugins: rendererPlugins(),
    define: rendererDefine,
    logLevel: 'warn',
    // Bundled in, as the browser gets them: some packages' Node builds (styled-components'
    // CommonJS one) would not hand the same imports to Node's loader.
    ssr: { noExternal: true },
    build: {
      ssr: path.join(rendererRoot, 'src/prerender/renderPage.tsx'),
      outDir: SSR_DIR,
      emptyOutDir: true,
      target: 'node22',
    },
  });
  const module = (await import(pathToFileURL(path.join(SSR_DIR, 'renderPage.js')).href)) as {
    renderPage: RenderPage;
  };
  return module.renderPage;
}

/** The boot script, minified, hashed (so cached for good) and compressed; its URL path. */
async function buildBootScript(): Promise<string> {
  const output = await rolldown({
    input: path.join(rendererRoot, 'src/prerender/boot.ts'),
    logLevel: 'warn',
    output: {
      dir: path.join(WEB_DIR, 'assets'),
      format: 'iife',
      minify: true,
      entryFileNames: 'boot-[hash].js',
    },
  });
  const fileName = output.output[0].fileName;
  await writeCompressed(path.join(WEB_DIR, 'assets', fileName));
  return `/assets/${fileName}`;
}

/** The shell's classic script, which the boot script includes and replaces (it must block). */
const SHELL_CLASSIC_SCRIPT = '<script defer src="/zod-jitless.js"></script>';

/** index.html's own head tags that a page's head replaces. */
const DEFAULT_HEAD_TAGS =
  /[ \t]*(?:<title>[^<]*<\/title>|<meta\s+(?:name|property)="(?:description|og:[^"]+|twitter:[^"]+)"[^>]*?\/>)\n?/g;

/** The app's entry module and the modules it preloads, as Vite wrote them into index.html. */
const APP_SCRIPTS =
  /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

function pageHtml(
  template: string,
  language: (typeof LANGUAGES)[number],
  page: RenderedPage,
  bootScript: string,
): string {
  // The app's code is asked for by the boot script once the page has been painted, so the
  // page's first paint does not share a slow connection with it (src/prerender/boot.ts).
  const entry: string[] = [];
  const preloads: string[] = [];
  const withoutAppScripts = template.replace(
    APP_SCRIPTS,
    (_tag, script?: string, preload?: string) => {
      if (script) entry.push(script);
      if (preload) preloads.push(preload);
      return '';
    },
  );
  if (entry.length !== 1) throw new Error('dist/web/index.html has no single module entry');
  const boot = `<script src="${bootScript}" data-app="${entry[0]}" data-preload="${preloads.join(' ')}"></script>`;
  const styles = page.styles.replace('<style ', `<style nonce="${STYLE_NONCE_PLACEHOLDER}" `);
  const html = withoutAppScripts
    .replace(/<html[^>]*>/, `<html lang="${language.code}" dir="${language.dir}">`)
    .replace(DEFAULT_HEAD_TAGS, '')
    .replace(SHELL_CLASSIC_SCRIPT, boot)
    .replace('</head>', `${page.head}    ${styles}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.body}</div>`);
  return html.replaceAll(RENDER_ORIGIN, ORIGIN_PLACEHOLDER);
}

export async function prerenderPages(): Promise<void> {
  const template = fs.readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  for (const expected of ['<div id="root"></div>', SHELL_CLASSIC_SCRIPT]) {
    if (!template.includes(expected))
      throw new Error(`dist/web/index.html has no ${expected} to render into or replace`);
  }
  const [renderPage, bootScript] = await Promise.all([buildRenderer(), buildBootScript()]);
  try {
    for (const language of LANGUAGES) {
      for (const route of PRERENDERED_ROUTES) {
        const page = await renderPage(route, language.code, RENDER_ORIGIN);
        if (page.body.includes('<script'))
          throw new Error(`${route} (${language.code}) rendered a script, which the CSP refuses`);
        const file = path.join(WEB_DIR, PRERENDERED_DIR, prerenderedFile(route, language.code));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, pageHtml(template, language, page, bootScript));
      }
    }
  } finally {
    fs.rmSync(SSR_DIR, { recursive: true, force: true });
  }
}
