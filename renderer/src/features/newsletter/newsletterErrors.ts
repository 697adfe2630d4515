import { errorDetails } from '../../../../shared/error-details.ts';
import { ApiError } from '../../api/client.ts';
import { apiErrorKey, type ApiErrorKey } from '../../api/errorKey.ts';

export type NewsletterErrorKey =
  ApiErrorKey | 'newsletter.unavailable' | 'newsletter.wrongCode' | 'newsletter.resendWait';

/**
 * The server's reason for a failed sign-up or verification, in the user's language: what is
 * particular to the newsletter here, everything else from the shared error catalogue.
 */
export function newsletterErrorKey(error: unknown): NewsletterErrorKey {
  if (error instanceof ApiError) {
    if (errorDetails(error.body, 'VALIDATION_FAILED')?.emailAvailable === false) {
      return 'newsletter.unavailable';
    }
    const fields = error.code === 'VALIDATION_FAILED' ? (error.body?.fields ?? []) : [];
    if (fields.some((field) => field.path === 'code')) return 'newsletter.wrongCode';
    if (fields.some((field) => field.path === 'email')) return 'errors.invalidEmail';
    if (errorDetails(error.body, 'RATE_LIMITED')?.scope === 'newsletter-resend') {
      return 'newsletter.resendWait';
    }
  }
  return apiErrorKey(error);
}
