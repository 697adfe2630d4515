import { describe, expect, it } from 'vitest';
import { initialStatus, isFinal, statusReducer } from './statusState.ts';

const waiting = { state: 'waiting', createdAt: 'c', expiresAt: 'e' } as const;
const read = { state: 'ended', reason: 'read', endedAt: 'r' } as const;

describe('the status page’s states', () => {
  it('keeps asking while the note waits or nothing is known yet', () => {
    expect(isFinal(initialStatus)).toBe(false);
    expect(isFinal(statusReducer(initialStatus, { type: 'answer', status: waiting }))).toBe(false);
  });

  it('stops at an ending, a wrong key or a forgotten note', () => {
    expect(isFinal(statusReducer(initialStatus, { type: 'answer', status: read }))).toBe(true);
    expect(isFinal(statusReducer(initialStatus, { type: 'wrongKey' }))).toBe(true);
    expect(isFinal(statusReducer(initialStatus, { type: 'unknown' }))).toBe(true);
  });

  it('keeps showing what it knew when an ask fails, and keeps asking', () => {
    const known = statusReducer(initialStatus, { type: 'answer', status: waiting });
    const failed = statusReducer(known, { type: 'failed', errorKey: 'errors.network' });
    expect(failed).toEqual({ kind: 'failed', last: waiting });
    expect(isFinal(failed)).toBe(false);
    expect(statusReducer(failed, { type: 'failed', errorKey: 'errors.server' })).toEqual(failed);
  });
});
