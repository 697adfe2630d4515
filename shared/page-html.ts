import type { LANGUAGES } from './languages.ts';
import { PAGE_DATA_ELEMENT_ID, type PageData } from './page-data.ts';
import { ORIGIN_PLACEHOLDER, STYLE_NONCE_PLACEHOLDER } from './web-app-routes.ts';

/**
 * A page rendered to HTML ahead of the browser: by the build for the pages that are the same for
 * everyone (scripts/prerender.ts), and by the server for those whose content is in its database
 * (backend/src/http/rendered-pages.ts), from the same renderer (renderer/src/prerender) and into
 * the same template.
 */

/** A page as the renderer makes it, each part HTML for its place in the template. */
export interface RenderedPage {
  /** What goes inside #root. */
  body: string;
  /** The styles the page uses, as styled-components' <style> element. */
  styles: string;
  /** Its title, description, social tags and canonical address. */
  head: string;
}

/** The renderer's entry, built for Node: renders the app at `path` as the browser first will. */
export type RenderPage = (
  path: string,
  language: string,
  origin: string,
  data?: PageData,
) => Promise<RenderedPage>;

/**
 * Under the web bundle's PRERENDERED_DIR (never served as files): the template every rendered
 * page is filled into, and the renderer built for Node, which the server loads to render pages.
 */
export const PAGE_TEMPLATE_FILE = 'template.html';
export const RENDERER_ENTRY = 'renderer/renderPage.mjs';

/** An origin no page links to, which a page's addresses are rendered on, then made ORIGIN_PLACEHOLDER. */
export const RENDER_ORIGIN = 'https://prerender.invalid';

/** index.html's own head tags that a page's head replaces. */
const DEFAULT_HEAD_TAGS =
  /[ \t]*(?:<title>[^<]*<\/title>|<meta\s+(?:name|property)="(?:description|og:[^"]+|twitter:[^"]+)"[^>]*?\/>)\n?/g;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * JSON that cannot end the element it is in: `<` escaped (as `\u003c`, which JSON.parse reads
 * back as `<`), so no `</script>` or `<!--` in an article's text closes or confuses it.
 */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The page: the template with the page's language and direction, its head, styles and content,
 * and its data where it has some. Its style nonce and origin are left as placeholders, which
 * the server fills in on each answer.
 */
export function fillPage(
  template: string,
  language: (typeof LANGUAGES)[number],
  page: RenderedPage,
  data?: PageData,
): string {
  if (page.body.includes('<script'))
    throw new Error(`a page in ${language.code} rendered a script, which the CSP refuses`);
  const styles = page.styles.replace('<style ', `<style nonce="${STYLE_NONCE_PLACEHOLDER}" `);
  const dataElement =
    data === undefined
      ? ''
      : `    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForHtml(data)}</script>\n`;
  const html = template
    .replace(/<html[^>]*>/, `<html lang="${language.code}" dir="${language.dir}">`)
    .replace(DEFAULT_HEAD_TAGS, '')
    // Replaced by functions: an article's `$&` or `$'` is text, not a replacement pattern.
    .replace('</head>', () => `${page.head}    ${styles}\n${dataElement}  </head>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${page.body}</div>`);
  return html.replaceAll(RENDER_ORIGIN, ORIGIN_PLACEHOLDER);
}

/** The shell's classic script, which the boot script includes and replaces (it must block). */
const SHELL_CLASSIC_SCRIPT = '<script defer src="/zod-jitless.js"></script>';

/** The app's entry module and the modules it preloads, as Vite wrote them into index.html. */
const APP_SCRIPTS =
  /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The template of rendered pages, made from the built index.html: the app's code is asked for by
 * the boot script (renderer/src/prerender/boot.ts, at `bootScript`) once the page has been
 * painted, so the page's first paint does not share a slow connection with it.
 */
export function pageTemplate(indexHtml: string, bootScript: string): string {
  for (const expected of [EMPTY_ROOT, SHELL_CLASSIC_SCRIPT]) {
    if (!indexHtml.includes(expected))
      throw new Error(`index.html has no ${expected} to render into or replace`);
  }
  const entry: string[] = [];
  const preloads: string[] = [];
  const withoutAppScripts = indexHtml.replace(
    APP_SCRIPTS,
    (_tag, script?: string, preload?: string) => {
      if (script) entry.push(script);
      if (preload) preloads.push(preload);
      return '';
    },
  );
  if (entry.length !== 1) throw new Error('index.html has no single module entry');
  const boot = `<script src="${bootScript}" data-app="${entry[0]}" data-preload="${preloads.join(' ')}"></script>`;
  return withoutAppScripts.replace(SHELL_CLASSIC_SCRIPT, boot);
}
