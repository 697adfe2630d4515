import type { Atom, useStore } from 'jotai';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * What a pre-rendered page (src/prerender) needs to be taken over as it is. Taking a page over
 * (hydrating) adopts the HTML's elements without comparing their attributes, so a first render
 * in the browser that differed from the build's would leave the page showing the build's
 * attributes under the app's idea of them (a field enabled in the app, disabled on screen).
 * What the build cannot know is therefore read with these: every part of the app renders the
 * build's value first and the browser's right after, before the browser paints. That holds for
 * a part that is taken over later (a page whose code loads on demand) and for one rendered
 * afresh (the desktop app, a dialog opened later) alike.
 */

/** False in a part's first render, true from the next one, which follows before any paint. */
export function useAppStarted(): boolean {
  const [started, setStarted] = useState(false);
  // The second render is the point: the first must match the build's, whatever the browser.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setStarted(true), []);
  return started;
}

/**
 * A fact about this browser that does not change while the page is open (a secure connection,
 * the server in use). `read` must return a primitive.
 */
export function useBrowserFact<T>(read: () => T, asPrerendered: T): T {
  return useAppStarted() ? read() : asPrerendered;
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
  const started = useAppStarted();
  const value = useSyncExternalStore(
    (onChange) => store.sub(anAtom, onChange),
    () => store.get(anAtom),
  );
  return started ? value : asPrerendered;
}
