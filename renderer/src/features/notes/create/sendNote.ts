import type { ApiErrorKey } from '../../../api/errorKey.ts';
import type { CreatedNote, NewNote, ProgressListener } from '../createNote.ts';

export type SendResult = { ok: true; note: CreatedNote } | { ok: false; errorKey: ApiErrorKey };

/**
 * Encrypts and uploads a note (createNote, protocol v1), and says in the error catalogue's
 * terms why it failed: the one way to send a note, for the web form (useSubmitNote) and the
 * mobile shell's Create tab (useCreateMobileNote) alike, so a note made in either opens in both.
 * The encryption and the API schemas load on the first send, not with the page; the error
 * catalogue only when a send fails.
 */
export async function sendNote(
  note: NewNote,
  onProgress: ProgressListener,
  signal: AbortSignal,
): Promise<SendResult> {
  try {
    const { createNote } = await import('../createNote.ts');
    return { ok: true, note: await createNote(note, onProgress, signal) };
  } catch (error) {
    const { apiErrorKey } = await import('../../../api/errorKey.ts');
    return { ok: false, errorKey: apiErrorKey(error) };
  }
}
