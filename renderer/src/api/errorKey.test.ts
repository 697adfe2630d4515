import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/errors.ts';
import { ApiError, NetworkError } from './client.ts';
import { apiErrorKey } from './errorKey.ts';

const apiError = (status: number, error: ErrorBody['error']) =>
  new ApiError(status, '', JSON.stringify({ error }));

describe('apiErrorKey', () => {
  it('tells an unusable address from a server without mail, by data not wording', () => {
    const field = { path: 'emailNotification', message: 'not available' };
    expect(
      apiErrorKey(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'E-mail notifications are not available on this server.',
          fields: [field],
          details: { emailAvailable: false },
        }),
      ),
    ).toBe('errors.emailUnavailable');
    expect(
      apiErrorKey(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Please enter a valid email address.',
          fields: [{ path: 'emailNotification', message: 'Please enter a valid email address.' }],
        }),
      ),
    ).toBe('errors.invalidEmail');
    expect(
      apiErrorKey(apiError(400, { code: 'VALIDATION_FAILED', message: 'Send e-mail as JSON' })),
    ).toBe('errors.validation');
  });

  it('says when this server does not offer the chosen life', () => {
    expect(
      apiErrorKey(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'This server does not offer that expiry. Choose one of: 1h, 1d.',
          fields: [{ path: 'expiration', message: 'not offered on this server' }],
        }),
      ),
    ).toBe('errors.expirationUnavailable');
  });

  it('maps codes and failures without a body to the catalogue', () => {
    expect(apiErrorKey(apiError(401, { code: 'WRONG_PROOF', message: '' }))).toBe(
      'errors.wrongPassword',
    );
    expect(apiErrorKey(apiError(413, { code: 'PAYLOAD_TOO_LARGE', message: '' }))).toBe(
      'errors.tooLarge',
    );
    expect(apiErrorKey(apiError(429, { code: 'RATE_LIMITED', message: '' }))).toBe(
      'errors.rateLimited',
    );
    expect(apiErrorKey(new ApiError(502, 'Bad Gateway', ''))).toBe('errors.server');
    // Details that do not match the contract are ignored, never trusted.
    expect(
      apiErrorKey(
        new ApiError(
          429,
          '',
          JSON.stringify({
            error: { code: 'RATE_LIMITED', message: '', details: { scope: 'read-receipt' } },
          }),
        ),
      ),
    ).toBe('errors.rateLimited');
    expect(apiErrorKey(new NetworkError(new TypeError('fetch failed')))).toBe('errors.network');
  });

  it('tells the read-receipt cap and the hourly file budget from the generic rate limit', () => {
    expect(
      apiErrorKey(
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'Too many requests. Please wait and try again.',
          details: { retryAfterSeconds: 3600, scope: 'read-receipt' },
        }),
      ),
    ).toBe('errors.readReceiptLimit');
    expect(
      apiErrorKey(
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'Too many requests. Please wait and try again.',
          details: { retryAfterSeconds: 1800, scope: 'file-bytes' },
        }),
      ),
    ).toBe('errors.fileBudget');
    expect(
      apiErrorKey(
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'Too many requests. Please wait and try again.',
          details: { retryAfterSeconds: 60 },
        }),
      ),
    ).toBe('errors.rateLimited');
  });
});
