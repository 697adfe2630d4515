import { ApiError } from '../../api/client.ts';
import { apiErrorKey } from '../../api/errorKey.ts';
import type { ApiErrorKey } from '../../api/errorKey.ts';

export type AdminErrorKey = ApiErrorKey | 'errors.adminBusy';

/**
 * What to tell the administrator about a failed sign-in or admin action. A 401 here means the
 * password (or an expired session), not a note's proof; a 503 means the server could not check
 * now. Everything else speaks as the rest of the app does.
 */
export function adminErrorKey(error: unknown): AdminErrorKey {
  if (error instanceof ApiError) {
    if (error.code === 'UNAUTHORIZED') return 'errors.wrongPassword';
    if (error.code === 'UNAVAILABLE') return 'errors.adminBusy';
  }
  return apiErrorKey(error);
}
