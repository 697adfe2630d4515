import { useCallback, useEffect, useRef, useState } from 'react';
import type { DestroyReason } from '../../../../shared/api/notes.ts';
import { requestIdSchema } from '../../../../shared/api/requests.ts';
import { errorDetails } from '../../../../shared/error-details.ts';
import { deriveRequestKeys } from '../../../../shared/crypto/request.ts';
import type { RequestKeys } from '../../../../shared/crypto/request.ts';
import { ApiError } from '../../api/client.ts';
import type { ApiErrorKey } from '../../api/errorKey.ts';
import type { OpenedFiles } from '../../files/fileCalls.ts';
import { loadNoteFiles } from '../../files/lazyNoteFiles.ts';
import { claimAnswer, fetchAnswerState, fetchRequest, openLabel } from './requestsApi.ts';
import { linkProblemOf } from './RequestNotices.tsx';
import type { LinkProblem } from './RequestNotices.tsx';

export type ClaimState =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: LinkProblem }
  | { kind: 'error'; message: ApiErrorKey }
  | { kind: 'waiting'; label: string }
  /** Answered, its files still uploading: nothing to read (or burn) yet. */
  | { kind: 'uploading'; label: string }
  | { kind: 'warning'; label: string }
  | { kind: 'opening'; label: string }
  /** `label` is null when the page has no key (a reload after reading). */
  | { kind: 'destroyed'; label: string | null; reason: DestroyReason }
  | { kind: 'revealed'; label: string; text: string; files: OpenedFiles | null };

/** What the check or the read found, as a screen. */
function failureState(error: unknown, label: string): ClaimState {
  if (error instanceof ApiError && error.code === 'GONE') {
    return { kind: 'destroyed', label, reason: errorDetails(error.body, 'GONE')?.reason ?? 'read' };
  }
  const problem = linkProblemOf(error);
  return problem === 'invalid' || problem === 'wrongKey' || problem === 'notFound'
    ? { kind: 'problem', problem }
    : { kind: 'error', message: problem };
}

/**
 * The claim link's flow: the key from the fragment gives the label (so a wrong key shows before
 * anything is sent), then the answer's state without burning it; only `read()` sends the claim
 * proof, which destroys the answer on the server as it is handed over.
 */
export function useRequestClaim(requestId: string, privateKey: string) {
  const [state, setState] = useState<ClaimState>({ kind: 'loading' });
  const keys = useRef<{ keys: RequestKeys; ephemeralKey: string | null; label: string } | null>(
    null,
  );
  const alive = useRef(true);
  const show = useCallback((next: ClaimState) => alive.current && setState(next), []);

  const check = useCallback(async () => {
    show({ kind: 'loading' });
    let label = '';
    try {
      if (!requestIdSchema.safeParse(requestId).success) {
        return show({ kind: 'problem', problem: 'invalid' });
      }
      // The page reloaded after the key left the address bar: say whether the answer is gone.
      if (privateKey === '') {
        const answer = await fetchAnswerState(requestId).catch(() => null);
        return show(
          answer?.isDestroyed === true
            ? { kind: 'destroyed', label: null, reason: answer.reason }
            : { kind: 'problem', problem: 'invalid' },
        );
      }
      const derived = await deriveRequestKeys(privateKey);
      const info = await fetchRequest(requestId);
      label = await openLabel(derived.labelKey, info);
      keys.current = { keys: derived, ephemeralKey: info.ephemeralKey, label };
      if (!info.answered) return show({ kind: 'waiting', label });
      if (info.answerUploading) return show({ kind: 'uploading', label });
      const answer = await fetchAnswerState(requestId);
      show(
        answer.isDestroyed
          ? { kind: 'destroyed', label, reason: answer.reason }
          : { kind: 'warning', label },
      );
      // Its files' code arrives while the warning is read, as a note's (a failure costs nothing:
      // showing them asks again).
      if (!answer.isDestroyed && answer.fileCount > 0) void loadNoteFiles().catch(() => undefined);
    } catch (error) {
      show(failureState(error, label));
    }
  }, [requestId, privateKey, show]);

  useEffect(() => {
    alive.current = true;
    void check();
    return () => {
      alive.current = false;
    };
  }, [check]);

  async function read() {
    const held = keys.current;
    if (held === null || held.ephemeralKey === null) return;
    show({ kind: 'opening', label: held.label });
    try {
      const answer = await claimAnswer(requestId, held.keys, held.ephemeralKey);
      show({ kind: 'revealed', label: held.label, ...answer });
    } catch (error) {
      show(failureState(error, held.label));
    }
  }

  return { state, read, checkAgain: () => void check() };
}
