import { missingCase } from '../../../../shared/errors.ts';

/**
 * The chat room's screen state as a pure reducer. The hook (useChatRoom) owns the socket and the
 * crypto objects and feeds this reducer what happened; everything a person sees derives from
 * here. Plaintext lives only in this state, in memory, and is dropped on every terminal phase.
 */

export type ChatPhase =
  /** First connection, before the server seated us. */
  | 'connecting'
  | 'active'
  /** No key in the link, a malformed id, or a room the server does not know. */
  | 'invalid'
  | 'expired'
  | 'full'
  /** The first connection failed. */
  | 'error'
  /** The same participant joined from another tab or window, which now holds the seat. */
  | 'replaced';

export type SystemNote =
  | { kind: 'welcome'; slot: number; seconds: number }
  | { kind: 'peerJoined' }
  | { kind: 'peerLeft' }
  | { kind: 'timeWarning'; seconds: number };

export type ChatEntry =
  | { from: 'own' | 'peer'; id: string; text: string; at: number }
  | { from: 'system'; id: string; note: SystemNote; at: number };

export interface ChatState {
  phase: ChatPhase;
  /** Socket health while active: a dropped socket reconnects and keeps the seat. */
  link: 'open' | 'reconnecting';
  slot: number | null;
  participantCount: number;
  /** Local clock (ms) at which the room ends; the server's time updates only bring it closer. */
  deadline: number | null;
  /** Whole seconds left, as shown; changes once a second. */
  secondsLeft: number | null;
  /** Safety code of the current session key; null while no key is agreed. */
  safetyCode: string | null;
  entries: ChatEntry[];
  /** Incoming messages dropped as forged, garbled, replayed or unreadable. */
  dropped: number;
  /** Warning thresholds already announced (or skipped because the room started below them). */
  warned: number[];
  welcomed: boolean;
  /** For system note ids. */
  counter: number;
}

/** Warnings once each, at these seconds left. */
export const TIME_WARNINGS = [60, 30, 10] as const;

export type ChatAction =
  | {
      type: 'joined';
      slot: number;
      participantCount: number;
      timeRemaining: number;
      now: number;
    }
  | { type: 'peerJoined'; participantCount: number; now: number }
  | { type: 'peerLeft'; participantCount: number; now: number }
  | { type: 'timeUpdate'; timeRemaining: number; now: number }
  | { type: 'tick'; now: number }
  | { type: 'keyed'; safetyCode: string }
  | { type: 'unkeyed' }
  | { type: 'received'; id: string; text: string; at: number }
  | { type: 'sent'; id: string; text: string; at: number }
  | { type: 'dropped'; count: number }
  | { type: 'socketLost' }
  | { type: 'end'; phase: 'invalid' | 'expired' | 'full' | 'error' | 'replaced' }
  | { type: 'retry' };

export function initialChatState(valid: boolean): ChatState {
  return {
    phase: valid ? 'connecting' : 'invalid',
    link: 'open',
    slot: null,
    participantCount: 0,
    deadline: null,
    secondsLeft: null,
    safetyCode: null,
    entries: [],
    dropped: 0,
    warned: [],
    welcomed: false,
    counter: 0,
  };
}

/** Phases that end the room for this page; nothing leaves them. */
export function isTerminal(phase: ChatPhase): boolean {
  return phase !== 'connecting' && phase !== 'active';
}

/**
 * The server rounds time up to whole seconds, so the true remaining time is in
 * (timeRemaining − 1, timeRemaining]; aim at the middle.
 */
function deadlineFrom(timeRemaining: number, now: number): number {
  return now + Math.max(0, timeRemaining * 1000 - 500);
}

/**
 * A room never gets longer, so the server's word may only bring the local end closer. A late
 * or repeated "1 second left" (or a rejoin just before the end) therefore cannot hold the room
 * on screen: the local countdown ends it on time even when no frame ever arrives.
 */
function earlier(current: number | null, candidate: number): number {
  return current === null ? candidate : Math.min(current, candidate);
}

function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

function withNote(state: ChatState, note: SystemNote, at: number): ChatState {
  const counter = state.counter + 1;
  return {
    ...state,
    counter,
    entries: [...state.entries, { from: 'system', id: `system-${counter}`, note, at }],
  };
}

/** Ends the room here: plaintext is forgotten, only the outcome stays. */
function ended(state: ChatState, phase: ChatPhase): ChatState {
  if (isTerminal(state.phase)) return state;
  return { ...state, phase, entries: [], safetyCode: null, link: 'open' };
}

/** Recomputes the seconds shown; announces a crossed warning threshold; ends at zero. */
function retime(state: ChatState, now: number): ChatState {
  if (state.deadline === null || state.phase !== 'active') return state;
  const secondsLeft = secondsUntil(state.deadline, now);
  if (secondsLeft <= 0) return ended(state, 'expired');
  let next = secondsLeft === state.secondsLeft ? state : { ...state, secondsLeft };
  const crossed = TIME_WARNINGS.filter(
    (threshold) => secondsLeft <= threshold && !next.warned.includes(threshold),
  );
  if (crossed.length > 0) {
    // Several at once (e.g. back from a long reconnect): one note, the current time.
    next = withNote(
      { ...next, warned: [...next.warned, ...crossed] },
      { kind: 'timeWarning', seconds: secondsLeft },
      now,
    );
  }
  return next;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  if (isTerminal(state.phase) && action.type !== 'retry') return state;
  switch (action.type) {
    case 'joined': {
      const deadline = earlier(state.deadline, deadlineFrom(action.timeRemaining, action.now));
      const secondsLeft = secondsUntil(deadline, action.now);
      let next: ChatState = {
        ...state,
        phase: 'active',
        link: 'open',
        slot: action.slot,
        participantCount: action.participantCount,
        deadline,
        secondsLeft,
        safetyCode: null,
      };
      if (!state.welcomed) {
        // The welcome already says how long is left; no warning for thresholds already passed.
        next = withNote(
          {
            ...next,
            welcomed: true,
            warned: TIME_WARNINGS.filter((threshold) => secondsLeft <= threshold),
          },
          { kind: 'welcome', slot: action.slot, seconds: secondsLeft },
          action.now,
        );
      }
      return retime(next, action.now);
    }
    case 'peerJoined': {
      const wasAlone = state.participantCount < 2;
      const next: ChatState = {
        ...state,
        participantCount: action.participantCount,
        safetyCode: null,
      };
      // A partner who only reconnected is no news.
      return wasAlone ? withNote(next, { kind: 'peerJoined' }, action.now) : next;
    }
    case 'peerLeft':
      return withNote(
        { ...state, participantCount: action.participantCount, safetyCode: null },
        { kind: 'peerLeft' },
        action.now,
      );
    case 'timeUpdate': {
      if (state.phase !== 'active') return state;
      if (action.timeRemaining <= 0) return ended(state, 'expired');
      const local = state.deadline === null ? null : (state.deadline - action.now) / 1000;
      // Keep the smooth local countdown unless it runs later than the server's window allows.
      const late = local === null || local > action.timeRemaining;
      const deadline = late
        ? earlier(state.deadline, deadlineFrom(action.timeRemaining, action.now))
        : state.deadline;
      return retime({ ...state, deadline }, action.now);
    }
    case 'tick':
      return retime(state, action.now);
    case 'keyed':
      return state.safetyCode === action.safetyCode
        ? state
        : { ...state, safetyCode: action.safetyCode };
    case 'unkeyed':
      return state.safetyCode === null ? state : { ...state, safetyCode: null };
    case 'received':
      return {
        ...state,
        entries: [
          ...state.entries,
          { from: 'peer', id: `peer-${action.id}`, text: action.text, at: action.at },
        ],
      };
    case 'sent':
      return {
        ...state,
        entries: [
          ...state.entries,
          { from: 'own', id: `own-${action.id}`, text: action.text, at: action.at },
        ],
      };
    case 'dropped':
      return { ...state, dropped: state.dropped + action.count };
    case 'socketLost':
      return state.phase === 'active'
        ? { ...state, link: 'reconnecting', safetyCode: null }
        : state;
    case 'end':
      return ended(state, action.phase);
    case 'retry':
      return state.phase === 'error' ? initialChatState(true) : state;
    default:
      return missingCase(action);
  }
}

/** True when a message can be sent: seated, connected and keyed with a partner. */
export function canSend(state: ChatState): boolean {
  return (
    state.phase === 'active' &&
    state.link === 'open' &&
    state.participantCount >= 2 &&
    state.safetyCode !== null
  );
}
