import type { CreateNoteResponse } from '../../../../shared/api/notes.ts';

/**
 * A note just made: the server's answer plus the key for the link. A module of its own, free
 * of the DOM, so that pure state modules (and their tests, which run in Node) can name it.
 */
export interface CreatedNote extends Omit<CreateNoteResponse, 'uploadToken'> {
  /** K_link: goes into the link's fragment and nowhere else. */
  linkKey: string;
  /** K_status: goes into the sender's status link's fragment and nowhere else. */
  statusKey: string;
}
