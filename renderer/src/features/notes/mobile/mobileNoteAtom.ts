import { atom, useAtom } from 'jotai';
import { useCallback } from 'react';
import { initialMobileNote, mobileNoteReducer } from './mobileNoteFlow.ts';
import type { MobileNoteAction, MobileNoteState } from './mobileNoteFlow.ts';

/**
 * The note being written in the mobile shell's Create tab (or its link, once made). An atom
 * rather than the tab's own state so that it outlives the tab while another tab is shown; the
 * shell resets it when the person leaves the shell (app/mobile/MobileShell.tsx). In memory only.
 */
export const mobileNoteAtom = atom<MobileNoteState>(initialMobileNote);

/** The Create tab's state machine (mobileNoteReducer) over the shared atom. */
export function useMobileNote(): [MobileNoteState, (action: MobileNoteAction) => void] {
  const [state, setState] = useAtom(mobileNoteAtom);
  const dispatch = useCallback(
    (action: MobileNoteAction) => setState((current) => mobileNoteReducer(current, action)),
    [setState],
  );
  return [state, dispatch];
}
