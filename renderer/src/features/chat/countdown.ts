import type { ChatAction } from './chatState.ts';

/** Often enough that the shown seconds and the end of the room are never late by much. */
export const COUNTDOWN_TICK_MS = 250;

/**
 * Drives the room's local countdown: the reducer ends the room when its deadline passes, so the
 * Session Expired view comes on time even if the server's last frames never arrive.
 * Returns the function that stops it.
 */
export function startCountdown(
  dispatch: (action: ChatAction) => void,
  now: () => number = Date.now,
): () => void {
  const timer = setInterval(() => dispatch({ type: 'tick', now: now() }), COUNTDOWN_TICK_MS);
  return () => clearInterval(timer);
}
