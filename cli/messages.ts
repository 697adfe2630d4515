import type { DestroyReason, TimeAgo } from '../shared/api/notes.ts';
import { missingCase } from '../shared/errors.ts';
import { largestTwoUnits, totalSeconds } from '../shared/time-ago.ts';

/**
 * What the command says when a note cannot be read or sent: the web app's English texts
 * (renderer/src/i18n/locales/en.json, the error catalogue), so a user hears the same sentence
 * from the browser and the terminal. messages.test.ts fails when the two drift apart. Kept
 * here, not imported from the renderer's locale file, so the command carries a dozen sentences
 * rather than the whole web app's English.
 */
export const MESSAGES = {
  network: 'Network error. Please check your connection.',
  server: 'Server error. Please try again later.',
  validation: 'Please check your input and try again.',
  invalidEmail: 'Please enter a valid email address.',
  emailUnavailable: 'Read notifications are not available on this server.',
  rateLimited: 'Too many requests. Please wait and try again.',
  readReceiptLimit:
    'Too many read receipts requested today for this address. Try again tomorrow, or create the note without one.',
  notFound: 'Note not found or has already been read.',
  wrongPassword: 'Incorrect password. Please try again.',
  tooLarge: 'The note is too large. Shorten the text or remove an image.',
  decryptFailed: 'Failed to decrypt note. Invalid key or corrupted data.',
  expiredNow: 'This note has expired and is no longer available.',
  tooManyAttemptsNow: 'This note has been destroyed after too many incorrect password attempts.',
  destroyedBySenderNow: 'Its sender destroyed this note before it was read.',
} as const;

/** "9 attempts left before the note is destroyed." */
export function attemptsLeft(count: number): string {
  return `${count} ${count === 1 ? 'attempt' : 'attempts'} left before the note is destroyed.`;
}

/** "2 hours and 5 minutes": the largest two units, as the web app words them in English. */
export function duration(ago: TimeAgo): string {
  const parts = largestTwoUnits(totalSeconds(ago)).map(({ unit, count }) => {
    const singular = unit.slice(0, -1);
    return `${count} ${count === 1 ? singular : unit}`;
  });
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(parts);
}

/** Why a note is gone, as the web app's "Note destroyed" screen says it. */
export function destroyedMessage(reason: DestroyReason, ago: TimeAgo | null): string {
  const time = ago === null ? null : duration(ago);
  switch (reason) {
    case 'read':
      return time === null ? MESSAGES.notFound : `This note was read and destroyed ${time} ago.`;
    case 'expired':
      return time === null
        ? MESSAGES.expiredNow
        : `This note expired unread and was destroyed ${time} ago.`;
    case 'too_many_attempts':
      return time === null
        ? MESSAGES.tooManyAttemptsNow
        : `This note was destroyed ${time} ago after too many incorrect password attempts.`;
    case 'destroyed_by_sender':
      return time === null
        ? MESSAGES.destroyedBySenderNow
        : `Its sender destroyed this note ${time} ago, before it was read.`;
    default:
      return missingCase(reason);
  }
}
