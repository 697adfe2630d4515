import { routePaths } from '../../app/paths.ts';

export type ChatLayout = 'desktop' | 'mobile';

/** The room's path with its key in the fragment, for the chosen layout. */
export function chatRoomHref(sessionId: string, roomKey: string, layout: ChatLayout): string {
  const path =
    layout === 'mobile' ? routePaths.mobileChatRoom(sessionId) : routePaths.chatRoom(sessionId);
  return `${path}#${roomKey}`;
}
