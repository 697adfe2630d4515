import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatReducer, initialChatState } from './chatState.ts';
import type { ChatAction, ChatState } from './chatState.ts';
import { COUNTDOWN_TICK_MS, startCountdown } from './countdown.ts';

/** The reducer as the hook runs it, with the countdown ticking on (fake) timers. */
function room() {
  let state: ChatState = initialChatState(true);
  const dispatch = (action: ChatAction) => {
    state = chatReducer(state, action);
  };
  const stop = startCountdown(dispatch);
  return { dispatch, stop, state: () => state };
}

describe('the local countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the room within a second of its end when no frame arrives', () => {
    const { dispatch, stop, state } = room();
    dispatch({ type: 'joined', slot: 1, participantCount: 1, timeRemaining: 5, now: Date.now() });
    vi.advanceTimersByTime(4000);
    expect(state().phase).toBe('active');
    expect(state().secondsLeft).toBe(1);
    // The server would say 0 at 5 s at the latest; nothing comes, yet the room ends by itself.
    vi.advanceTimersByTime(1000);
    expect(state().phase).toBe('expired');
    expect(state().entries).toEqual([]);
    stop();
  });

  it('is not held open by time updates that lag behind', () => {
    const { dispatch, stop, state } = room();
    dispatch({ type: 'joined', slot: 1, participantCount: 1, timeRemaining: 3, now: Date.now() });
    const end = Date.now() + 3000;
    // A server whose updates arrive a second stale, on every tick.
    while (state().phase === 'active' && Date.now() < end + 5000) {
      vi.advanceTimersByTime(COUNTDOWN_TICK_MS);
      const stale = Math.max(2, Math.ceil((end - Date.now()) / 1000) + 1);
      dispatch({ type: 'timeUpdate', timeRemaining: stale, now: Date.now() });
    }
    expect(state().phase).toBe('expired');
    expect(Date.now()).toBeLessThanOrEqual(end + 1000);
    stop();
  });

  it('is not held at 0:01 by rejoins just before the end', () => {
    const { dispatch, stop, state } = room();
    dispatch({ type: 'joined', slot: 1, participantCount: 1, timeRemaining: 3, now: Date.now() });
    const end = Date.now() + 3000;
    vi.advanceTimersByTime(2000);
    // The socket drops and comes back every quarter second, each time told "1 second left".
    while (state().phase === 'active' && Date.now() < end + 5000) {
      dispatch({ type: 'socketLost' });
      vi.advanceTimersByTime(COUNTDOWN_TICK_MS);
      dispatch({ type: 'joined', slot: 1, participantCount: 1, timeRemaining: 1, now: Date.now() });
    }
    expect(state().phase).toBe('expired');
    expect(Date.now()).toBeLessThanOrEqual(end + 1000);
    stop();
  });

  it('stops ticking when stopped', () => {
    const dispatch = vi.fn();
    const stop = startCountdown(dispatch);
    vi.advanceTimersByTime(COUNTDOWN_TICK_MS * 4);
    expect(dispatch).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(COUNTDOWN_TICK_MS * 4);
    expect(dispatch).toHaveBeenCalledTimes(4);
  });
});
