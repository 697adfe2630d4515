import type { NoteExpiration } from '../../../shared/limits.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Refuses a known life that this server's operator chose not to offer (NOTE_EXPIRATIONS), for
 * a note or a request (whose answer is a note): before anything is counted or kept.
 */
export function refuseUnofferedExpiration(
  offered: readonly NoteExpiration[],
  expiration: NoteExpiration,
): void {
  if (offered.includes(expiration)) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `This server does not offer that expiry. Choose one of: ${offered.join(', ')}.`,
    { fields: [{ path: 'expiration', message: 'not offered on this server' }] },
  );
}
