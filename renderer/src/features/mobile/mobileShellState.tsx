import { createContext, useCallback, useContext, useReducer, useState } from 'react';
import type { Dispatch, ReactNode } from 'react';
import { DEFAULT_CHAT_DURATION } from '../../../../shared/limits.ts';
import type { ChatDuration } from '../../../../shared/limits.ts';
import { initialMobileNote, mobileNoteReducer } from './create/mobileNoteFlow.ts';
import type { MobileNoteAction, MobileNoteState } from './create/mobileNoteFlow.ts';

/** A room this shell has been in: enough to rejoin it. The key stays in memory only. */
export interface RememberedRoom {
  sessionId: string;
  roomKey: string;
}

/**
 * What each tab keeps while another is shown, or while a room is open: the note being written
 * (or its link), the chosen room duration, and the current room. Held by the shell's layout
 * route, so it lasts while the person stays in the shell and is forgotten when they leave it;
 * nothing of it is written to storage.
 */
interface MobileShellValue {
  note: MobileNoteState;
  dispatchNote: Dispatch<MobileNoteAction>;
  chatDuration: ChatDuration;
  setChatDuration: (duration: ChatDuration) => void;
  room: RememberedRoom | null;
  forgetRoom: () => void;
}

const MobileShellContext = createContext<MobileShellValue | null>(null);

interface MobileShellProviderProps {
  /** The room on screen right now (on /mobile-chat/:id with its key), remembered for later. */
  visitingRoom: RememberedRoom | null;
  children: ReactNode;
}

export function MobileShellProvider({ visitingRoom, children }: MobileShellProviderProps) {
  const [note, dispatchNote] = useReducer(mobileNoteReducer, initialMobileNote);
  const [chatDuration, setChatDuration] = useState<ChatDuration>(DEFAULT_CHAT_DURATION);
  const [room, setRoom] = useState<RememberedRoom | null>(visitingRoom);
  const forgetRoom = useCallback(() => setRoom(null), []);

  // Derived while rendering (React's pattern for state that follows a prop): entering a room
  // makes it the current one.
  if (
    visitingRoom &&
    (visitingRoom.sessionId !== room?.sessionId || visitingRoom.roomKey !== room.roomKey)
  ) {
    setRoom(visitingRoom);
  }

  const value: MobileShellValue = {
    note,
    dispatchNote,
    chatDuration,
    setChatDuration,
    room,
    forgetRoom,
  };
  return <MobileShellContext value={value}>{children}</MobileShellContext>;
}

export function useMobileShell(): MobileShellValue {
  const value = useContext(MobileShellContext);
  if (!value) throw new Error('useMobileShell() is used outside <MobileShellProvider>');
  return value;
}
