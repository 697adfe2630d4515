import { chatRoomIdSchema } from '../../../../shared/api/chat.ts';

/**
 * Pure helpers of the chat screens: text clean-up before encryption, countdown formatting, link
 * parsing and the tab's participant id.
 */

/**
 * C0 controls other than tab and newline, DEL and C1 controls: invisible, and JSON escapes C0
 * as six bytes each, which could push a 1,000-character message past the relay's size cap.
 */
function isUnwantedControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
}

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** What is actually encrypted: controls removed, lone surrogates → U+FFFD, outer space trimmed. */
export function sanitizeChatText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('')
    .filter((unit) => !isUnwantedControl(unit.charCodeAt(0)))
    .join('')
    .replace(LONE_SURROGATE, '\uFFFD')
    .trim();
}

/** Seconds as m:ss (minutes unbounded: 60 minutes is 60:00); never negative. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** K_room as generateRoomKey() writes it: 32 bytes, base64url without padding. */
const ROOM_KEY = /^[A-Za-z0-9_-]{43}$/;

/** The room key from a location hash (`#key`), or null when it is missing or malformed. */
export function roomKeyFromHash(hash: string): string | null {
  const key = hash.startsWith('#') ? hash.slice(1) : hash;
  return ROOM_KEY.test(key) ? key : null;
}

export function isValidRoomId(id: string | undefined): id is string {
  return chatRoomIdSchema.safeParse(id).success;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const PARTICIPANT_ID = /^[0-9a-f]{32}$/;
const participantStorageKey = (roomId: string) => `ashnote.chat.participant.${roomId}`;

export function newParticipantId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * 128 random bits in hex, one per room, kept in sessionStorage: a reload or a reconnect within
 * the grace period takes the same seat; another tab or browser is another participant.
 */
export function participantIdFor(roomId: string, storage: StorageLike | null): string {
  try {
    const stored = storage?.getItem(participantStorageKey(roomId));
    if (stored && PARTICIPANT_ID.test(stored)) return stored;
  } catch {
    // Storage may be blocked; a fresh id then works for this page view.
  }
  const id = newParticipantId();
  try {
    storage?.setItem(participantStorageKey(roomId), id);
  } catch {
    // See above.
  }
  return id;
}
