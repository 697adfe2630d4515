import { describe, expect, it } from 'vitest';
import en from '../renderer/src/i18n/locales/en.json' with { type: 'json' };
import {
  MESSAGES,
  STATUS_WORDS,
  attemptsLeft,
  destroyedMessage,
  labelLine,
  statusMessage,
} from './messages.ts';

/** The command speaks the web app's English: these fail when one side's wording moves. */
describe('the command’s messages', () => {
  it('are the web app’s error catalogue', () => {
    const { errors } = en;
    expect(MESSAGES).toMatchObject({
      network: errors.network,
      server: errors.server,
      validation: errors.validation,
      invalidEmail: errors.invalidEmail,
      emailUnavailable: errors.emailUnavailable,
      rateLimited: errors.rateLimited,
      readReceiptLimit: errors.readReceiptLimit,
      fileBudget: errors.fileBudget,
      notFound: errors.notFound,
      wrongPassword: errors.wrongPassword,
      tooLarge: errors.tooLarge,
      decryptFailed: en.note.viewer.decryptFailed,
      expiredNow: en.note.destroyed.expiredNow,
      tooManyAttemptsNow: en.note.destroyed.tooManyAttemptsNow,
      destroyedBySenderNow: en.status.reader.destroyedNow,
      requestNotFound: en.request.problem.notFound,
      requestWrongKey: en.request.problem.wrongKey,
      answered: en.request.answer.answered,
      answerSent: en.request.answer.sent,
      notAnsweredYet: en.request.claim.waiting,
      answerUploading: en.request.claim.uploading,
      answerRead: en.request.claim.destroyedRead,
      answerExpired: en.request.claim.destroyedExpired,
      labelAsked: en.request.label.asked,
      labelNone: en.request.label.none,
      statusWrongKey: en.status.page.wrongKey,
      statusUnknown: en.status.page.unknownDetail,
    });
    expect(en.status.page).toMatchObject(STATUS_WORDS);
  });

  it('say a status and a label as the status and answer pages do, safe for a terminal', () => {
    expect(
      statusMessage({ state: 'ended', reason: 'read', endedAt: '2025-06-01T14:03:59.000Z' }),
    ).toBe('Read. The note was opened and destroyed on 2025-06-01 14:03 UTC.');
    expect(
      statusMessage({
        state: 'waiting',
        createdAt: '2025-06-01T14:03:00.000Z',
        expiresAt: '2025-06-02T14:03:00.000Z',
      }),
    ).toBe(
      'Waiting to be read. Created 2025-06-01 14:03 UTC. Unless it is read first, it will be destroyed on 2025-06-02 14:03 UTC.',
    );
    expect(labelLine('VPN \u001b[2Kpassword')).toBe('Requested: VPN \uFFFD[2Kpassword');
    expect(labelLine('')).toBe('No description was given.');
  });

  it('word attempts and destruction as the viewer does', () => {
    const fill = (text: string, values: Record<string, string | number>) =>
      text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
    const { viewer, destroyed } = en.note;
    expect(attemptsLeft(1)).toBe(fill(viewer.attemptsLeft_one, { count: 1 }));
    expect(attemptsLeft(9)).toBe(fill(viewer.attemptsLeft_other, { count: 9 }));
    const ago = { hours: 26, minutes: 3, seconds: 4 };
    expect(destroyedMessage('read', ago)).toBe(fill(destroyed.read, { time: '1 day and 2 hours' }));
    expect(destroyedMessage('expired', { hours: 0, minutes: 1, seconds: 0 })).toBe(
      fill(destroyed.expired, { time: '1 minute' }),
    );
    expect(destroyedMessage('too_many_attempts', { hours: 0, minutes: 0, seconds: 5 })).toBe(
      fill(destroyed.tooManyAttempts, { time: '5 seconds' }),
    );
    expect(destroyedMessage('destroyed_by_sender', { hours: 2, minutes: 0, seconds: 0 })).toBe(
      fill(en.status.reader.destroyed, { time: '2 hours' }),
    );
    expect(destroyedMessage('read', null)).toBe(destroyed.notFound);
  });
});
