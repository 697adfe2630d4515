// What the shell's zod-jitless.js does, which this script stands in for on pre-rendered pages
// (one request, not two).
import '../../public/zod-jitless.js';
import { prerenderFits } from './prerenderFits.ts';

/**
 * The one classic script of a pre-rendered page, in its <head>, run before the first paint.
 *
 * A page that will not be taken over as it is (./prerenderFits.ts) stays hidden until the app
 * has rendered it in the visitor's language, or with the age gate first: no visitor sees a
 * flash of a language they did not choose. It is hidden, not redirected: a language has no
 * address of its own (spec §2), so there is nowhere to redirect to. If the app never starts
 * (its files fail to load), the page shows as it came after a while rather than staying blank.
 *
 * It also starts the app (the module entry and the modules it needs, which the build moved from
 * the page to this script's `data-app` and `data-preload`): right away for a hidden page, else
 * once the page has been painted. On a slow connection the page's first paint then has the
 * connection to itself, not shared with some 150 KB of scripts; the app's code follows a frame
 * later.
 */
const SHOW_ANYWAY_AFTER_MS = 4000;

const { app = '', preload = '' } = (document.currentScript as HTMLScriptElement).dataset;

function startApp() {
  for (const href of preload.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  document.head.append(script);
}

if (prerenderFits()) {
  // After the frame that paints the page: a timer set from an animation frame runs after it.
  document.addEventListener('DOMContentLoaded', () =>
    requestAnimationFrame(() => setTimeout(startApp)),
  );
} else {
  const page = document.documentElement;
  page.style.visibility = 'hidden';
  setTimeout(() => {
    page.style.visibility = '';
  }, SHOW_ANYWAY_AFTER_MS);
  startApp();
}
