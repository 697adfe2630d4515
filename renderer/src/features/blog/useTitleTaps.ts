import { useRef, useState } from 'react';

/** Taps that reveal the admin controls (spec: five clicks on the page title). */
const TAPS_TO_REVEAL = 5;
/** A pause longer than this starts the count again. */
const MAX_PAUSE_MS = 1500;

/**
 * The blog's hidden affordance: five quick clicks on the title show the admin controls. It only
 * shows them; every action still needs the administrator session.
 */
export function useTitleTaps() {
  const [revealed, setRevealed] = useState(false);
  const taps = useRef({ count: 0, last: 0 });

  function tap() {
    const now = Date.now();
    const count = now - taps.current.last > MAX_PAUSE_MS ? 1 : taps.current.count + 1;
    taps.current = { count, last: now };
    if (count >= TAPS_TO_REVEAL) setRevealed(true);
  }

  return { revealed, tap };
}
