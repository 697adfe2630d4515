import { isAskedHere } from '../features/age-gate/ageGate.ts';
import { browserLanguage } from '../i18n/detectLanguage.ts';

/**
 * A note link's page is pre-rendered as it opens with its key (the fragment, which the server
 * never sees); without one, the app shows another screen (shared/web-app-routes.ts).
 */
const isNoteLinkWithoutKey = () =>
  window.location.pathname.startsWith('/note/') && window.location.hash.length <= 1;

/**
 * Whether the page the server sent pre-rendered can be taken over as it is: it is in the
 * language this browser starts in (spec §2: the remembered choice first, which the server
 * cannot know), no age gate has to come first, and it is not a note link missing its key.
 * Otherwise the app renders the page afresh. Asked before the first paint (./boot.ts) and by
 * the app as it starts (main.tsx), before either changes what it reads.
 */
export function prerenderFits(): boolean {
  return (
    browserLanguage() === document.documentElement.lang &&
    !isAskedHere('web') &&
    !isNoteLinkWithoutKey()
  );
}
