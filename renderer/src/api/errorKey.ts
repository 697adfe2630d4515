import { errorDetails } from '../../../shared/error-details.ts';
import { missingCase } from '../../../shared/errors.ts';
import { ApiError, InvalidResponseError, NetworkError } from './client.ts';

/** Translation keys of the error catalogue (seed §8) that API failures map to. */
export type ApiErrorKey =
  | 'errors.network'
  | 'errors.server'
  | 'errors.validation'
  | 'errors.invalidEmail'
  | 'errors.emailUnavailable'
  | 'errors.expirationUnavailable'
  | 'errors.rateLimited'
  | 'errors.readReceiptLimit'
  | 'errors.fileBudget'
  | 'errors.notFound'
  | 'errors.gone'
  | 'errors.wrongPassword'
  | 'errors.tooLarge'
  | 'errors.tryAgain';

/**
 * What to tell the user about a failed call, in their language. The server's own messages are
 * English, so the code decides and the catalogue speaks; every code is handled (missingCase).
 */
export function apiErrorKey(error: unknown): ApiErrorKey {
  if (error instanceof NetworkError) return 'errors.network';
  if (error instanceof InvalidResponseError) return 'errors.server';
  if (!(error instanceof ApiError)) return 'errors.tryAgain';
  const code = error.code;
  if (code === undefined) return error.status >= 500 ? 'errors.server' : 'errors.tryAgain';
  switch (code) {
    case 'VALIDATION_FAILED': {
      // Refused because this server has no mail configured (the page's /api/config was stale).
      if (errorDetails(error.body, code)?.emailAvailable === false)
        return 'errors.emailUnavailable';
      const fields = error.body?.fields ?? [];
      if (fields.some((field) => field.path.startsWith('emailNotification'))) {
        return 'errors.invalidEmail';
      }
      // A life this server's operator does not offer (the page's /api/config was stale).
      if (fields.some((field) => field.path === 'expiration')) {
        return 'errors.expirationUnavailable';
      }
      return 'errors.validation';
    }
    case 'WRONG_PROOF':
      return 'errors.wrongPassword';
    case 'NOT_FOUND':
      return 'errors.notFound';
    case 'GONE':
      return 'errors.gone';
    // Only a request's answer gets it, and the request page says "already answered" itself.
    case 'CONFLICT':
      return 'errors.tryAgain';
    case 'PAYLOAD_TOO_LARGE':
    case 'FILES_TOO_LARGE':
      return 'errors.tooLarge';
    // The files' upload stopped short; sending the missing chunks again completes it.
    case 'UPLOAD_INCOMPLETE':
      return 'errors.tryAgain';
    case 'RATE_LIMITED':
      // Read receipts per address and per sender a day, files' bytes per client an hour: say
      // which limit it was, and what can still be sent.
      switch (errorDetails(error.body, code)?.scope) {
        case 'read-receipt':
          return 'errors.readReceiptLimit';
        case 'file-bytes':
          return 'errors.fileBudget';
        default:
          return 'errors.rateLimited';
      }
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
    case 'PROOF_REQUIRED':
    case 'INTERNAL':
    case 'UNAVAILABLE':
      return 'errors.server';
    default:
      return missingCase(code);
  }
}
