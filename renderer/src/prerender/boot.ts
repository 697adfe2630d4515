// What the shell's zod-jitless.js does, which this script stands in for on pre-rendered pages
// (one request, not two).
import '../../public/zod-jitless.js';
import { prerenderFits } from './prerenderFits.ts';

/**
 * The one classic script of a pre-rendered page, in its <head>, run before the first paint: a
 * page that will not be taken over as it is (./prerenderFits.ts) stays hidden until the app has
 * rendered it in the visitor's language, or with the age gate first. So no visitor sees a flash
 * of a language they did not choose. It is hidden, not redirected: a language has no address
 * of its own (spec §2), so there is nowhere to redirect to. If the app never starts (its files
 * fail to load), the page shows as it came after a while rather than staying blank.
 */
const SHOW_ANYWAY_AFTER_MS = 4000;

if (!prerenderFits()) {
  const page = document.documentElement;
  page.dataset.prerender = 'replaced';
  page.style.visibility = 'hidden';
  setTimeout(() => {
    page.style.visibility = '';
  }, SHOW_ANYWAY_AFTER_MS);
}
