import { describe, expect, it } from 'vitest';
import { canSend, chatReducer, initialChatState } from './chatState.ts';
import type { ChatAction, ChatState } from './chatState.ts';

const T0 = 1_000_000;

function run(state: ChatState, ...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, state);
}

const joined = (timeRemaining = 900, participantCount = 1, now = T0): ChatAction => ({
  type: 'joined',
  slot: participantCount,
  participantCount,
  timeRemaining,
  now,
});

const notes = (state: ChatState) =>
  state.entries.flatMap((entry) => (entry.from === 'system' ? [entry.note] : []));

describe('chatReducer', () => {
  it('starts connecting, or invalid without a usable link', () => {
    expect(initialChatState(true).phase).toBe('connecting');
    expect(initialChatState(false).phase).toBe('invalid');
  });

  it('welcomes once with the seat and the time left', () => {
    const state = run(initialChatState(true), joined(900));
    expect(state.phase).toBe('active');
    expect(state.secondsLeft).toBe(900);
    expect(notes(state)).toEqual([{ kind: 'welcome', slot: 1, seconds: 900 }]);
    // A rejoin after a dropped socket does not welcome again.
    const again = run(state, { type: 'socketLost' }, joined(880, 2, T0 + 20_000));
    expect(notes(again)).toHaveLength(1);
    expect(again.link).toBe('open');
  });

  it('announces a partner joining and leaving, but not a partner reconnecting', () => {
    let state = run(initialChatState(true), joined(900));
    state = run(state, { type: 'peerJoined', participantCount: 2, now: T0 + 1000 });
    expect(notes(state).at(-1)).toEqual({ kind: 'peerJoined' });
    state = run(state, { type: 'keyed', safetyCode: '11111 22222 33333 44444' });
    expect(canSend(state)).toBe(true);
    // The same partner back after a drop: re-keying, no new note.
    state = run(state, { type: 'peerJoined', participantCount: 2, now: T0 + 2000 });
    expect(notes(state)).toHaveLength(2);
    expect(canSend(state)).toBe(false);
    state = run(state, { type: 'peerLeft', participantCount: 1, now: T0 + 3000 });
    expect(notes(state).at(-1)).toEqual({ kind: 'peerLeft' });
    expect(state.participantCount).toBe(1);
    expect(state.safetyCode).toBeNull();
  });

  it('counts down locally and warns once each at 60, 30 and 10 seconds', () => {
    let state = run(initialChatState(true), joined(75));
    const at = (seconds: number) => T0 + (75 - seconds) * 1000;
    for (let s = 75; s >= 1; s--) state = run(state, { type: 'tick', now: at(s) });
    const warnings = notes(state).filter((note) => note.kind === 'timeWarning');
    expect(warnings.map((note) => note.seconds)).toEqual([60, 30, 10]);
    expect(state.phase).toBe('active');
    state = run(state, { type: 'tick', now: at(0) });
    expect(state.phase).toBe('expired');
  });

  it('does not warn for thresholds already passed when joining', () => {
    let state = run(initialChatState(true), joined(25));
    state = run(state, { type: 'tick', now: T0 + 500 });
    expect(notes(state).filter((note) => note.kind === 'timeWarning')).toEqual([]);
    state = run(state, { type: 'tick', now: T0 + 16_000 });
    expect(notes(state).filter((note) => note.kind === 'timeWarning')).toEqual([
      { kind: 'timeWarning', seconds: 9 },
    ]);
  });

  it('keeps the smooth countdown unless the server disagrees by a second or more', () => {
    let state = run(initialChatState(true), joined(900));
    const deadline = state.deadline;
    state = run(state, { type: 'timeUpdate', timeRemaining: 895, now: T0 + 5000 });
    expect(state.deadline).toBe(deadline);
    state = run(state, { type: 'timeUpdate', timeRemaining: 880, now: T0 + 10_000 });
    expect(state.deadline).not.toBe(deadline);
    expect(state.secondsLeft).toBe(880);
    state = run(state, { type: 'timeUpdate', timeRemaining: 0, now: T0 + 11_000 });
    expect(state.phase).toBe('expired');
  });

  it('forgets every message when the room ends, and stays ended', () => {
    let state = run(
      initialChatState(true),
      joined(900, 2),
      { type: 'keyed', safetyCode: 'code' },
      { type: 'sent', id: '1', text: 'secret', at: T0 },
      { type: 'received', id: 'x', text: 'reply', at: T0 },
    );
    expect(state.entries.filter((entry) => entry.from !== 'system')).toHaveLength(2);
    state = run(state, { type: 'end', phase: 'expired' });
    expect(state.phase).toBe('expired');
    expect(state.entries).toEqual([]);
    expect(state.safetyCode).toBeNull();
    expect(run(state, joined(900), { type: 'end', phase: 'full' })).toBe(state);
  });

  it('counts dropped messages without showing them', () => {
    const state = run(
      initialChatState(true),
      joined(900, 2),
      { type: 'dropped', count: 1 },
      { type: 'dropped', count: 1 },
    );
    expect(state.dropped).toBe(2);
    expect(state.entries.every((entry) => entry.from === 'system')).toBe(true);
  });

  it('only sends when seated, connected, with a partner and a key', () => {
    let state = run(initialChatState(true), joined(900, 1));
    expect(canSend(state)).toBe(false);
    state = run(state, { type: 'peerJoined', participantCount: 2, now: T0 });
    expect(canSend(state)).toBe(false);
    state = run(state, { type: 'keyed', safetyCode: 'code' });
    expect(canSend(state)).toBe(true);
    state = run(state, { type: 'socketLost' });
    expect(canSend(state)).toBe(false);
    expect(state.link).toBe('reconnecting');
  });

  it('retries from the connection error only', () => {
    const failed = run(initialChatState(true), { type: 'end', phase: 'error' });
    expect(failed.phase).toBe('error');
    expect(run(failed, { type: 'retry' }).phase).toBe('connecting');
    const expired = run(initialChatState(true), { type: 'end', phase: 'expired' });
    expect(run(expired, { type: 'retry' })).toBe(expired);
  });
});
