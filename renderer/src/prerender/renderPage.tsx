import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import type { LanguageCode } from '../../../shared/languages.ts';
import type { PageData } from '../../../shared/page-data.ts';
import type { RenderedPage } from '../../../shared/page-html.ts';
import { AppFrame } from '../app/App.tsx';
import { AppRoutes } from '../app/routes.tsx';
import { changeLanguage, loadNamespace, startI18n } from '../i18n/index.ts';
import { HeadCollector } from '../meta/usePageMeta.ts';
import type { HeadEntry } from '../meta/usePageMeta.ts';
import { RenderedFrom } from './pageData.tsx';

let started = false;

/** The texts of `language`, with the long documents' too (every page may need them). */
async function switchTo(language: LanguageCode): Promise<void> {
  if (!started) {
    await startI18n(language);
    started = true;
  }
  await loadNamespace('pages');
  await changeLanguage(language);
}

/**
 * Renders the app at `path` in `language` as the browser's first render will (the same tree as
 * App, with a router fixed at the path), waiting for the pages that load on demand. Addresses
 * in the head are made on `origin`. A page whose content is in the server's database is
 * rendered from `data`, which the page then carries for the app (./pageData.tsx).
 *
 * One page at a time: the texts' language is the whole renderer's.
 */
export async function renderPage(
  path: string,
  language: LanguageCode,
  origin: string,
  data: PageData | null = null,
): Promise<RenderedPage> {
  await switchTo(language);
  const sheet = new ServerStyleSheet();
  let head: HeadEntry[] = [];
  const collector = { origin, record: (entries: HeadEntry[]) => void (head = entries) };
  try {
    // React's elements are Preact's at run time (vite.config.ts, reactApiOnPreact); the types
    // are React's. Parts that load on demand are waited for, and marked in the HTML so the
    // browser takes each over where it is once its code has come.
    const tree = sheet.collectStyles(
      <HeadCollector value={collector}>
        <RenderedFrom value={data}>
          <StrictMode>
            <AppFrame>
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            </AppFrame>
          </StrictMode>
        </RenderedFrom>
      </HeadCollector>,
    ) as unknown as VNode;
    // A part that fails throws here, and the build with it: no error screen is pre-rendered.
    const body = await renderToStringAsync(tree);
    return { body, styles: sheet.getStyleTags(), head: headHtml(head) };
  } finally {
    sheet.seal();
  }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function headHtml(entries: HeadEntry[]): string {
  const tags = entries.flatMap((entry) => {
    if (entry.kind === 'title') return [`<title>${escapeHtml(entry.content)}</title>`];
    if (entry.kind === 'canonical')
      return entry.href === null
        ? []
        : [`<link rel="canonical" href="${escapeHtml(entry.href)}" />`];
    if (entry.content === null) return [];
    return [`<meta ${entry.attribute}="${entry.key}" content="${escapeHtml(entry.content)}" />`];
  });
  return tags.map((tag) => `    ${tag}\n`).join('');
}
