import { parentPort, workerData } from 'node:worker_threads';
import type { RenderPage } from '../../../shared/page-html.ts';
import type { FromPageRenderer, ToPageRenderer } from './page-render-protocol.ts';

/**
 * Renders the server's pages (rendered-pages.ts) with the renderer the build made for Node, off
 * the server's thread: a render takes 5 to 30 ms of CPU, and the renderer's code, styles and
 * texts some 40 MB, which the server gets back when the thread ends after a quiet spell.
 */
const port = parentPort!;
const { rendererUrl } = workerData as { rendererUrl: string };
const { renderPage } = (await import(rendererUrl)) as { renderPage: RenderPage };

/** One render at a time: the renderer's language is global to it. */
let previous: Promise<unknown> = Promise.resolve();

port.on('message', ({ id, path, language, origin, data }: ToPageRenderer) => {
  previous = previous.then(() =>
    renderPage(path, language, origin, data).then(
      (page) => port.postMessage({ id, page } satisfies FromPageRenderer),
      (error: unknown) =>
        port.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies FromPageRenderer),
    ),
  );
});
