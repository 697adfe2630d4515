import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../../shared/errors.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { adminErrorKey } from './adminErrors.ts';

const apiError = (status: number, error: ErrorBody['error']) =>
  new ApiError(status, '', JSON.stringify({ error }));

describe('adminErrorKey', () => {
  it('reads a 401 at sign-in as a wrong password and a 503 as a busy server', () => {
    expect(
      adminErrorKey(apiError(401, { code: 'UNAUTHORIZED', message: 'Incorrect password.' })),
    ).toBe('errors.wrongPassword');
    expect(
      adminErrorKey(apiError(503, { code: 'UNAVAILABLE', message: 'The server is busy.' })),
    ).toBe('errors.adminBusy');
  });

  it('speaks like the rest of the app about everything else', () => {
    expect(
      adminErrorKey(apiError(429, { code: 'RATE_LIMITED', message: 'Too many requests.' })),
    ).toBe('errors.rateLimited');
    expect(adminErrorKey(new NetworkError(new TypeError('offline')))).toBe('errors.network');
  });
});
