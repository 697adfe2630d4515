import { noteStatusResponseSchema, type NoteStatusResponse } from '../shared/api/notes.ts';
import { apiPaths } from '../shared/api/paths.ts';
import { deriveStatusKeys } from '../shared/crypto/index.ts';
import { callApi, type ApiContext } from './api.ts';
import { MESSAGES } from './messages.ts';
import type { Link } from './server.ts';

/**
 * The sender's status link, as the web app's /s/ID page uses it: the note's state, and "Destroy
 * now". Only the status proof leaves this computer, in a request body; it can never read the note.
 */

export type StatusAction = 'status' | 'destroy';

const PATHS: Record<StatusAction, (id: string) => string> = {
  status: apiPaths.noteStatus,
  destroy: apiPaths.noteDestroy,
};

/** Asks for the note's state, or destroys it and gets the state after: the same answer. */
export async function callStatusLink(
  context: ApiContext,
  link: Link,
  action: StatusAction,
): Promise<NoteStatusResponse> {
  const { statusProof } = await deriveStatusKeys(link.key);
  return callApi(context, PATHS[action](link.id), { statusProof }, noteStatusResponseSchema, {
    NOT_FOUND: MESSAGES.statusUnknown,
    FORBIDDEN: MESSAGES.statusWrongKey,
  });
}
