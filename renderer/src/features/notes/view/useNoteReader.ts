import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  noteInfoResponseSchema,
  verifyNoteResponseSchema,
} from '../../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../../shared/api/paths.ts';
import type { NoteKdf } from '../../../../../shared/crypto/index.ts';
import { apiGet, apiPost, NetworkError } from '../../../api/client.ts';
import { loadNoteFiles } from '../../../files/lazyNoteFiles.ts';
import { initialViewerState, passwordKdf, viewerReducer } from './viewerState.ts';
import type { ViewerAction, ViewerState } from './viewerState.ts';

/** Decrypted text is shown this long after it arrives (seed §4), under the decrypting state. */
export const REVEAL_DELAY_MS = 2000;
const LINK_KEY = /^[A-Za-z0-9_-]{43}$/;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The decryption code (key derivation, AES-GCM, the images) is not part of the page: the
 * warning paints without it, and it starts loading once the check finds the note, so it
 * arrives while the reader reads the warning; the files' code likewise, where there are files.
 */
const loadDecryption = () => Promise.all([import('../noteKeys.ts'), import('./decryptNote.ts')]);

export interface NoteReader {
  state: ViewerState;
  /** The reader confirmed the warning. */
  confirm(): void;
  unlock(password: string): void;
  /** After an error: check the note again. */
  retry(): void;
}

/**
 * One note for the lifetime of the component: the non-burning check, then (only once the
 * reader confirms) the proof, the read that destroys the note, and the decryption. Only the
 * proof reaches the server, never the key or the password.
 */
export function useNoteReader(noteId: string, linkKey: string): NoteReader {
  const [state, dispatch] = useReducer(viewerReducer, initialViewerState);
  const alive = useRef(true);
  const urls = useRef<string[]>([]);

  useEffect(() => {
    alive.current = true;
    const owned = urls.current;
    return () => {
      alive.current = false;
      owned.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const show = useCallback((action: ViewerAction) => {
    if (alive.current) dispatch(action);
  }, []);

  const check = useCallback(async () => {
    // A damaged key could never decrypt: say so before anything touches the note.
    if (!LINK_KEY.test(linkKey)) {
      show({ type: 'decryptFailed' });
      return;
    }
    show({ type: 'check' });
    let info;
    try {
      info = await apiGet(apiPaths.note(noteId), noteInfoResponseSchema);
    } catch (error) {
      show({ type: 'checkFailed', error });
      return;
    }
    show({ type: 'checked', info });
    // A failed prefetch costs nothing: reading asks again.
    if (!info.isDestroyed) {
      void loadDecryption().catch(() => undefined);
      if (info.fileCount > 0) void loadNoteFiles().catch(() => undefined);
    }
  }, [linkKey, noteId, show]);

  useEffect(() => {
    void check();
  }, [check]);

  const read = useCallback(
    async (password: string | undefined, kdf: NoteKdf | null) => {
      let decryption;
      try {
        decryption = await loadDecryption();
      } catch (error) {
        // Nothing was sent yet: the note is still there for another try.
        show({ type: 'readFailed', error: new NetworkError(error), kdf });
        return;
      }
      const [{ deriveKeys }, { decryptNote }] = decryption;
      let keys;
      try {
        keys = await deriveKeys(linkKey, password, kdf);
      } catch {
        show({ type: 'decryptFailed' });
        return;
      }
      let response;
      try {
        response = await apiPost(
          apiPaths.noteVerify(noteId),
          { proof: keys.proof, linkProof: keys.linkProof },
          verifyNoteResponseSchema,
        );
      } catch (error) {
        show({ type: 'readFailed', error, kdf });
        return;
      }

      // The note is gone from the server now; what follows happens only here.
      const arrived = Date.now();
      show({ type: 'decrypting' });
      let note;
      try {
        note = await decryptNote(noteId, keys.contentKey, response, (url) =>
          urls.current.push(url),
        );
      } catch {
        show({ type: 'decryptFailed' });
        return;
      }
      await wait(Math.max(0, arrived + REVEAL_DELAY_MS - Date.now()));
      show({ type: 'revealed', ...note });
    },
    [linkKey, noteId, show],
  );

  const confirm = useCallback(() => {
    if (state.kind !== 'warning') return;
    show({ type: 'confirmed' });
    if (passwordKdf(state.note) === null) void read(undefined, null);
  }, [read, show, state]);

  const unlock = useCallback(
    (password: string) => {
      if (state.kind !== 'password' || state.unlocking) return;
      show({ type: 'unlocking' });
      void read(password, state.kdf);
    },
    [read, show, state],
  );

  const retry = useCallback(() => void check(), [check]);

  return { state, confirm, unlock, retry };
}
