import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as rolldown } from 'rolldown';
import { build as vite } from 'vite';
import { LANGUAGES } from '../shared/languages.ts';
import {
  PAGE_TEMPLATE_FILE,
  RENDERER_ENTRY,
  RENDER_ORIGIN,
  fillPage,
  pageTemplate,
} from '../shared/page-html.ts';
import type { RenderPage } from '../shared/page-html.ts';
import { PRERENDERED_DIR, PRERENDERED_ROUTES, prerenderedFile } from '../shared/web-app-routes.ts';
import { rendererDefine, rendererPlugins, rendererRoot } from '../renderer/vite.config.ts';
import { writeCompressed } from './vite-precompress.ts';

/**
 * The second half of `build:web` (issue 36): every page of PRERENDERED_ROUTES in every
 * language, rendered to HTML as the app's first render in the browser will make it, so a phone
 * paints the page from the HTML alone and the app then takes it over (hydrates) as it is.
 *
 * 1. The app is built once more for Node (Vite's SSR build of src/prerender/renderPage.tsx)
 *    into dist/web/prerendered/renderer/, and each page rendered with it. The server loads the
 *    same renderer for the pages it renders itself, the blog's (shared/page-html.ts).
 * 2. src/prerender/boot.ts becomes the pages' one classic script (assets/boot-<hash>.js): it
 *    runs before the first paint and hides a page that will be rendered afresh, and starts the
 *    app (index.html's module entry and preloads, moved to its data attributes). The built
 *    index.html so changed is the pages' template (prerendered/template.html).
 * 3. Each page is the template with its language and direction, its own head (title,
 *    description, social tags, canonical address), its styles and its content, written under
 *    dist/web/prerendered/<language>/. backend/src/http/web-bundle.ts serves it for its path
 *    in the language the request asks for (Accept-Language), filling in the placeholders.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIR = path.join(ROOT, 'dist/web');
const RENDERER_FILE = path.join(WEB_DIR, PRERENDERED_DIR, RENDERER_ENTRY);

/**
 * What a page of a pattern is rendered at: an address of its shape (a note link, key included,
 * as a reader opens it), whose parts must not appear in the page, served for every address of
 * that shape.
 */
const EXAMPLE_NOTE_ID = 'PrerenderedNoteLink000';
const EXAMPLE_LINK_KEY = 'prerendered-link-key';
const EXAMPLE_ADDRESSES: Partial<Record<string, { path: string; parts: string[] }>> = {
  '/note/:id': {
    path: `/note/${EXAMPLE_NOTE_ID}#${EXAMPLE_LINK_KEY}`,
    parts: [EXAMPLE_NOTE_ID, EXAMPLE_LINK_KEY],
  },
};

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
    // The public folder's files are the web bundle's, served from dist/web itself.
    publicDir: false,
    build: {
      ssr: path.join(rendererRoot, 'src/prerender/renderPage.tsx'),
      outDir: path.dirname(RENDERER_FILE),
      emptyOutDir: true,
      target: 'node22',
      // ES modules by their names, wherever the folder is copied to (no package.json needed).
      rolldownOptions: {
        output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
      },
    },
  });
  const module = (await import(pathToFileURL(RENDERER_FILE).href)) as {
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

export async function prerenderPages(): Promise<void> {
  const indexHtml = fs.readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
  const [renderPage, bootScript] = await Promise.all([buildRenderer(), buildBootScript()]);
  const template = pageTemplate(indexHtml, bootScript);
  fs.writeFileSync(path.join(WEB_DIR, PRERENDERED_DIR, PAGE_TEMPLATE_FILE), template);
  for (const language of LANGUAGES) {
    for (const route of PRERENDERED_ROUTES) {
      const example = EXAMPLE_ADDRESSES[route];
      const page = await renderPage(example?.path ?? route, language.code, RENDER_ORIGIN);
      if (example?.parts.some((part) => JSON.stringify(page).includes(part)))
        throw new Error(`${route} (${language.code}) shows its address, which differs per visit`);
      const file = path.join(WEB_DIR, PRERENDERED_DIR, prerenderedFile(route, language.code));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, fillPage(template, language, page));
    }
  }
}
