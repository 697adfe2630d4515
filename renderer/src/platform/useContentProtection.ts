import { useEffect } from 'react';
import { platform } from './index.ts';

/** Screens currently asking for protection; the window is protected while any does. */
let holders = 0;

/**
 * While `active`, the desktop window is kept out of screenshots, recordings and screen sharing
 * (where the system supports it: Windows and macOS). Used while a note is revealed and while a
 * chat room is open. Does nothing on the web, where a page cannot ask for it.
 */
export function useContentProtection(active: boolean): void {
  useEffect(() => {
    const set = platform.setContentProtection;
    if (!active || set === undefined) return;
    holders += 1;
    if (holders === 1) set(true);
    return () => {
      holders -= 1;
      if (holders === 0) set(false);
    };
  }, [active]);
}
