import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { noteStatusResponseSchema } from '../../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../../shared/api/paths.ts';
import { deriveStatusKeys, isCryptoError } from '../../../../../shared/crypto/index.ts';
import { ApiError, apiPost } from '../../../api/client.ts';
import { apiErrorKey, type ApiErrorKey } from '../../../api/errorKey.ts';
import { initialStatus, isFinal, statusReducer, type StatusAction } from './statusState.ts';

/** How often a visible page asks again while the note waits: gentle on the server. */
export const STATUS_POLL_MS = 5000;

/** What a failed call means for the page: 403 is this link's key, 404 a forgotten note. */
function failure(error: unknown): StatusAction {
  if (error instanceof ApiError && error.code === 'FORBIDDEN') return { type: 'wrongKey' };
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return { type: 'unknown' };
  return { type: 'failed', errorKey: apiErrorKey(error) };
}

/**
 * A note's state as its status link sees it, asked again every STATUS_POLL_MS while the tab is
 * visible and the note can still change, and "Destroy now". Only the status proof leaves the
 * page, in a request body; the key stays in memory.
 */
export function useNoteStatus(noteId: string, statusKey: string) {
  const [state, dispatch] = useReducer(statusReducer, initialStatus);
  const [destroying, setDestroying] = useState(false);
  const [destroyError, setDestroyError] = useState<ApiErrorKey | null>(null);
  const proofRef = useRef<Promise<string | null> | null>(null);

  /** The proof, derived once; null when the key in the link is malformed. */
  const proof = useCallback(() => {
    proofRef.current ??= deriveStatusKeys(statusKey).then(
      (keys) => keys.statusProof,
      (error: unknown) => {
        if (isCryptoError(error)) return null;
        throw error;
      },
    );
    return proofRef.current;
  }, [statusKey]);

  const call = useCallback(
    async (path: string): Promise<StatusAction> => {
      const statusProof = await proof();
      if (statusProof === null) return { type: 'wrongKey' };
      try {
        const status = await apiPost(path, { statusProof }, noteStatusResponseSchema);
        return { type: 'answer', status };
      } catch (error) {
        return failure(error);
      }
    },
    [proof],
  );

  const final = isFinal(state);
  useEffect(() => {
    if (final) return;
    let cancelled = false;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A hidden tab stops asking (a timer that fires then sets no next one); coming back into
    // view asks at once and takes up the rhythm again.
    async function ask() {
      if (inFlight || document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      inFlight = true;
      const action = await call(apiPaths.noteStatus(noteId));
      inFlight = false;
      if (cancelled) return;
      dispatch(action);
      timer = setTimeout(() => void ask(), STATUS_POLL_MS);
    }
    const onVisibility = () => void ask();
    void ask();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [call, noteId, final]);

  async function destroy() {
    setDestroying(true);
    setDestroyError(null);
    const action = await call(apiPaths.noteDestroy(noteId));
    setDestroying(false);
    if (action.type === 'failed') setDestroyError(action.errorKey);
    else dispatch(action);
  }

  return { state, destroy, destroying, destroyError };
}
