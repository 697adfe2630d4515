import type { Atom, useStore } from 'jotai';
import { useSyncExternalStore } from 'react';

/**
 * What a pre-rendered page (src/prerender) needs to be taken over as it is. The app's first
 * render in the browser must make exactly the HTML the build made, or React replaces the page
 * with an error (a "hydration mismatch"); so what the build cannot know is read with these,
 * which give the build's value while the page is being taken over, and the browser's right
 * after. A page the app renders afresh (the desktop app, the shell) gets the browser's values
 * from its first render.
 */

const unchanging = () => () => undefined;

/**
 * A fact about this browser that does not change while the page is open (a secure connection,
 * the server in use). `read` must return a primitive.
 */
export function useBrowserFact<T>(read: () => T, asPrerendered: T): T {
  return useSyncExternalStore(unchanging, read, () => asPrerendered);
}

/** False while a pre-rendered page is being taken over, true once the app runs it. */
export function useAppStarted(): boolean {
  return useBrowserFact(() => true, false);
}

/**
 * An atom's value that may change while a page is being taken over (a server's answer
 * arriving): a part of the page that the app takes over later (a page whose code loads on
 * demand) would otherwise render the new value where the HTML holds the first one.
 */
export function useAtomValueAsPrerendered<T>(
  store: ReturnType<typeof useStore>,
  anAtom: Atom<T>,
  asPrerendered: T,
): T {
  return useSyncExternalStore(
    (onChange) => store.sub(anAtom, onChange),
    () => store.get(anAtom),
    () => asPrerendered,
  );
}
