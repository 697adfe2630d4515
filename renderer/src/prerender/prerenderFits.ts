import { isAskedHere } from '../features/age-gate/ageGate.ts';
import { browserLanguage } from '../i18n/detectLanguage.ts';

/**
 * Whether the page the server sent pre-rendered can be taken over as it is: it is in the
 * language this browser starts in (spec §2: the remembered choice first, which the server
 * cannot know), and no age gate has to come first. Otherwise the app renders the page afresh.
 * Asked before the first paint (./boot.ts) and by the app as it starts (main.tsx), before
 * either changes what it reads.
 */
export function prerenderFits(): boolean {
  return browserLanguage() === document.documentElement.lang && !isAskedHere('web');
}
