import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The key from the link's fragment, taken into memory and removed from the address bar and
 * the history entry at once (replaced, not pushed), before the viewer makes any request: it no
 * longer sits in the history, in a bookmark or a screenshot of the address bar. A reload then
 * has no key, which is right: the note is meant to be opened once.
 */
export function useFragmentKey(noteId: string): string {
  const { hash, pathname, search } = useLocation();
  const fromFragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const [taken, setTaken] = useState({ noteId, key: fromFragment });
  // Following another note's link (client-side) brings a new fragment: take that one instead.
  if (fromFragment !== '' && (taken.noteId !== noteId || taken.key !== fromFragment)) {
    setTaken({ noteId, key: fromFragment });
  }

  // Before paint and before any effect of the page (the note check) runs.
  useLayoutEffect(() => {
    if (window.location.hash === '') return;
    // The router's own state stays as it is, so its history keeps working.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, [hash, pathname, search]);

  return taken.noteId === noteId ? taken.key : '';
}
