import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { LANGUAGES, type LanguageCode } from '../../../shared/languages.ts';
import {
  PAGE_TEMPLATE_FILE,
  RENDERER_ENTRY,
  RENDER_ORIGIN,
  fillPage,
  type RenderPage,
  type RenderedPage,
} from '../../../shared/page-html.ts';
import type { PageData } from '../../../shared/page-data.ts';
import { PRERENDERED_DIR } from '../../../shared/web-app-routes.ts';
import { errorMessage, type Logger } from '../logger.ts';
import { startWorkerBelowServer } from '../thread-priority.ts';
import { workerEntry } from '../worker-entry.ts';
import type { FromPageRenderer, ToPageRenderer } from './page-render-protocol.ts';

/**
 * What the page at `path` is rendered from (what the API would answer for it), or null where
 * the server renders no page: the app then renders it in the browser, and says what is missing.
 */
export type PageDataSource = (path: string) => Promise<PageData | null>;

/** Pages kept rendered: the blog's list and newest articles in a few languages. */
const CACHED_PAGES = 48;

/**
 * Renders waiting or running at most: a burst of pages not yet rendered (every language of every
 * article at once) is answered with the shell beyond it, for the app to draw, instead of queueing
 * behind one thread.
 */
const MAX_RENDERS_UNDER_WAY = 4;

/** How long the renderer's thread stays after its last render, ready for the next. */
const RENDERER_IDLE_MS = 30_000;

const RENDERER_THREAD = workerEntry(new URL('./page-render.worker.ts', import.meta.url));

/**
 * The renderer in a thread of its own (page-render.worker.ts), below the server's priority,
 * started on the first render and ended after RENDERER_IDLE_MS without one.
 */
function rendererThread(rendererFile: string) {
  let current: { worker: Worker; render: RenderPage } | null = null;
  let idle: NodeJS.Timeout | undefined;

  function start() {
    const worker = startWorkerBelowServer(RENDERER_THREAD, {
      workerData: { rendererUrl: pathToFileURL(rendererFile).href },
    });
    // A server that stops does not wait for it.
    worker.unref();
    const pending = new Map<
      number,
      { resolve(page: RenderedPage): void; reject(error: Error): void }
    >();
    let nextId = 0;
    const settle = (message: FromPageRenderer) => {
      const waiting = pending.get(message.id)!;
      pending.delete(message.id);
      if ('page' in message) waiting.resolve(message.page);
      else waiting.reject(new Error(message.error));
      if (pending.size === 0) {
        idle = setTimeout(() => {
          // Forgotten first: a render asked for while it stops starts another.
          if (current?.worker === worker) current = null;
          void worker.terminate();
        }, RENDERER_IDLE_MS).unref();
      }
    };
    const fail = (error: Error) => {
      if (current?.worker === worker) current = null;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('message', settle);
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the page renderer stopped')));
    const render: RenderPage = (path, language, origin, data) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, path, language, origin, data: data! } satisfies ToPageRenderer);
      });
    return { worker, render };
  }

  return {
    render(...request: Parameters<RenderPage>): Promise<RenderedPage> {
      clearTimeout(idle);
      current ??= start();
      return current.render(...request);
    },
    close: () => current?.worker.terminate(),
  };
}

/**
 * Pages whose content is in the database (the blog's, issue 36), rendered on the server by the
 * renderer the build made for Node (scripts/prerender.ts), into the template of the pages it
 * pre-rendered: a phone paints the articles from the HTML, and the app takes the page over with
 * the same data, carried in the page (shared/page-html.ts).
 *
 * A page is rendered once for its data and language and then kept (keyed by a hash of the data,
 * so an article published or deleted on any instance gives a new page at once). Renders run in
 * a thread of their own, one at a time. Without a template and renderer in the bundle (a bundle
 * built without them), or when rendering fails, there is no rendered page: the app renders it.
 */
export function renderedPages(deps: { webDir: string; logger: Logger; pageData: PageDataSource }) {
  const { logger, pageData } = deps;
  const folder = path.join(path.resolve(deps.webDir), PRERENDERED_DIR);
  const templateFile = path.join(folder, PAGE_TEMPLATE_FILE);
  const rendererFile = path.join(folder, RENDERER_ENTRY);
  const usable = fs.existsSync(templateFile) && fs.existsSync(rendererFile);
  const template = usable ? fs.readFileSync(templateFile, 'utf8') : '';
  const renderer = rendererThread(rendererFile);
  const pages = new Map<string, Promise<string>>();
  let underWay = 0;

  async function render(language: LanguageCode, data: PageData): Promise<string> {
    underWay += 1;
    try {
      const page = await renderer.render(data.path, language, RENDER_ORIGIN, data);
      const languageInfo = LANGUAGES.find((candidate) => candidate.code === language)!;
      return fillPage(template, languageInfo, page, data);
    } finally {
      underWay -= 1;
    }
  }

  /** The page for `data` in `language`, rendered now or earlier; null when too many are under way. */
  function pageFor(language: LanguageCode, data: PageData): Promise<string> | null {
    const json = JSON.stringify(data);
    const key = `${language} ${crypto.createHash('sha256').update(json).digest('base64url')}`;
    let page = pages.get(key);
    if (page === undefined) {
      if (underWay >= MAX_RENDERS_UNDER_WAY) return null;
      page = render(language, data);
      // A failed render is not kept: the next request tries again.
      page.catch(() => pages.delete(key));
      if (pages.size >= CACHED_PAGES) pages.delete(pages.keys().next().value!);
    } else {
      pages.delete(key);
    }
    // The most recently asked for last, the first to go the least recently asked for.
    pages.set(key, page);
    return page;
  }

  return {
    /**
     * The page at `requestPath` in `language` as HTML (with the placeholders web-bundle.ts fills
     * in), or null where the server renders none.
     */
    async page(requestPath: string, language: LanguageCode): Promise<string | null> {
      if (!usable) return null;
      try {
        const data = await pageData(requestPath);
        return data === null ? null : await (pageFor(language, data) ?? null);
      } catch (error) {
        logger.warn('page left to the app to render', {
          path: requestPath,
          error: errorMessage(error),
        });
        return null;
      }
    },
    close: renderer.close,
  };
}

export type RenderedPages = ReturnType<typeof renderedPages>;
