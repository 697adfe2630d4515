import type { DestroyReason, NoteStatusResponse, TimeAgo } from '../shared/api/notes.ts';
import { missingCase } from '../shared/errors.ts';
import { largestTwoUnits, totalSeconds } from '../shared/time-ago.ts';

/**
 * What the command says when a note or a request cannot be read, sent or answered, and what a
 * status link shows: the web app's English texts
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
  fileBudget:
    "The files sent from this address this hour have reached this server's limit. Try again later, or send it without files.",
  notFound: 'Note not found or has already been read.',
  wrongPassword: 'Incorrect password. Please try again.',
  tooLarge: 'The note is too large. Shorten the text or remove an image.',
  decryptFailed: 'Failed to decrypt note. Invalid key or corrupted data.',
  expiredNow: 'This note has expired and is no longer available.',
  tooManyAttemptsNow: 'This note has been destroyed after too many incorrect password attempts.',
  destroyedBySenderNow: 'Its sender destroyed this note before it was read.',
  requestNotFound: 'This request does not exist or has expired.',
  requestWrongKey:
    'The key in this link does not belong to this request. Nothing was read or destroyed.',
  answered: 'This request has already been answered. It can be answered only once.',
  answerSent:
    'Your answer is encrypted and waiting for the person who asked. It is destroyed when they read it.',
  notAnsweredYet: 'Nobody has answered this request yet. Keep this link and check again later.',
  answerUploading:
    'This request has been answered, but the files that come with the answer are still uploading. Nothing has been read or destroyed: check again in a moment.',
  answerRead: 'This answer has already been read and destroyed.',
  answerExpired: 'This answer has expired and was destroyed.',
  labelAsked: 'Requested:',
  labelNone: 'No description was given.',
  statusWrongKey:
    'This status link is not valid: its key is wrong or incomplete. Nothing was changed.',
  statusUnknown:
    'This note ended more than 30 days ago, and the server no longer keeps even how it ended.',
} as const;

/**
 * Sizes as the command words them: bytes below a KiB, else one decimal of the largest binary
 * unit ("1.5 MiB"), as the limits are set in binary units (100 MiB by default).
 */
export function byteSize(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB'] as const;
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** What the command sends files with, as its messages name it. */
export type Sending = 'note' | 'answer';

/**
 * Files over the server's limit (NOTE_MAX_FILE_BYTES), with the limit to the byte: the web app
 * has no words for files yet, so these are the command's own. Without `checked`, the server
 * refused them (its limit changed since the command checked it).
 */
export function filesTooLarge(limit: number, checked?: { total: number; what: Sending }): string {
  const most = `at most ${byteSize(limit)} (${limit.toLocaleString('en')} bytes) of files`;
  return checked === undefined
    ? `The attached files are too large: this server takes ${most}.`
    : `The attached files are ${byteSize(checked.total)} in all: this server takes ${most} per ${checked.what}. Nothing was sent.`;
}

/** The status page's title and sentence for each state; `{{date}}` is when it ended. */
export const STATUS_WORDS = {
  waiting: 'Waiting to be read',
  waitingDetail:
    'Created {{created}}. Unless it is read first, it will be destroyed on {{expires}}.',
  read: 'Read',
  readDetail: 'The note was opened and destroyed on {{date}}.',
  expired: 'Expired',
  expiredDetail: 'Nobody read the note. It was destroyed at its expiry, on {{date}}.',
  tooManyAttempts: 'Destroyed after too many wrong passwords',
  tooManyAttemptsDetail:
    'Someone with the link tried too many wrong passwords. The note was destroyed unread on {{date}}.',
  destroyedBySender: 'Destroyed by you',
  destroyedBySenderDetail: 'You destroyed the note on {{date}}, before it was read.',
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** "2025-06-01 14:03 UTC": one unambiguous form for every reader's terminal. */
export function timeOf(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const ENDINGS = {
  read: ['read', 'readDetail'],
  expired: ['expired', 'expiredDetail'],
  too_many_attempts: ['tooManyAttempts', 'tooManyAttemptsDetail'],
  destroyed_by_sender: ['destroyedBySender', 'destroyedBySenderDetail'],
} as const satisfies Record<
  DestroyReason,
  readonly [keyof typeof STATUS_WORDS, keyof typeof STATUS_WORDS]
>;

/** "Read. The note was opened and destroyed on 2025-06-01 14:03 UTC.", as the status page says it. */
export function statusMessage(status: NoteStatusResponse): string {
  if (status.state === 'waiting') {
    const times = { created: timeOf(status.createdAt), expires: timeOf(status.expiresAt) };
    return `${STATUS_WORDS.waiting}. ${fill(STATUS_WORDS.waitingDetail, times)}`;
  }
  const [title, detail] = ENDINGS[status.reason];
  return `${STATUS_WORDS[title]}. ${fill(STATUS_WORDS[detail], { date: timeOf(status.endedAt) })}`;
}

/** The request's label as the answer and claim pages show it, safe to print on a terminal. */
export function labelLine(label: string): string {
  // The label is the requester's text: escape sequences in it could rewrite the responder's
  // terminal (hide a line, fake a prompt), so control characters are shown, not obeyed.
  const shown = label.replace(/\p{Cc}/gu, '\uFFFD');
  return shown === '' ? MESSAGES.labelNone : `${MESSAGES.labelAsked} ${shown}`;
}

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
