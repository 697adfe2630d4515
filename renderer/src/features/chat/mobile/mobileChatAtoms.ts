import { atom } from 'jotai';
import { DEFAULT_CHAT_DURATION } from '../../../../../shared/limits.ts';
import type { ChatDuration } from '../../../../../shared/limits.ts';

/** A room the mobile shell has been in: enough to rejoin it. The key stays in memory only. */
export interface RememberedRoom {
  sessionId: string;
  roomKey: string;
}

/**
 * What the mobile shell's Chat tab keeps while another tab or a room is shown: the chosen
 * duration and the room last entered. Set by the tab and by the room's page
 * (MobileChatRoomPage); reset when the person leaves the shell (app/mobile/MobileShell.tsx).
 * Nothing of it is written to storage.
 */
export const mobileChatDurationAtom = atom<ChatDuration>(DEFAULT_CHAT_DURATION);
export const rememberedRoomAtom = atom<RememberedRoom | null>(null);
