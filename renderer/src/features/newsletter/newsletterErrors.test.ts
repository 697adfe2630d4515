import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../../shared/errors.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { newsletterErrorKey } from './newsletterErrors.ts';

const apiError = (status: number, error: ErrorBody['error']) =>
  new ApiError(status, '', JSON.stringify({ error }));

describe('newsletterErrorKey', () => {
  it('says what the newsletter server answered, by data not wording', () => {
    expect(
      newsletterErrorKey(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'The newsletter is not available: this server sends no mail.',
          details: { emailAvailable: false },
        }),
      ),
    ).toBe('newsletter.unavailable');
    expect(
      newsletterErrorKey(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'This code is wrong or has expired.',
          fields: [{ path: 'code', message: 'wrong or expired' }],
        }),
      ),
    ).toBe('newsletter.wrongCode');
    expect(
      newsletterErrorKey(
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Please check your input and try again.',
          fields: [{ path: 'email', message: 'Please enter a valid email address.' }],
        }),
      ),
    ).toBe('errors.invalidEmail');
    expect(
      newsletterErrorKey(
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'A code was sent to this address moments ago.',
          details: { retryAfterSeconds: 42, scope: 'newsletter-resend' },
        }),
      ),
    ).toBe('newsletter.resendWait');
  });

  it('falls back to the shared catalogue for everything else', () => {
    expect(
      newsletterErrorKey(
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'Too many requests.',
          details: { retryAfterSeconds: 42 },
        }),
      ),
    ).toBe('errors.rateLimited');
    expect(
      newsletterErrorKey(apiError(503, { code: 'UNAVAILABLE', message: 'Could not send.' })),
    ).toBe('errors.server');
    expect(newsletterErrorKey(new NetworkError(new TypeError('offline')))).toBe('errors.network');
  });
});
