import { chatRoomStatusSchema, createChatResponseSchema } from '../../../../shared/api/chat.ts';
import type { ChatRoomStatus, CreateChatRequest } from '../../../../shared/api/chat.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { generateRoomKey } from '../../../../shared/crypto/index.ts';
import type { ChatDuration } from '../../../../shared/limits.ts';
import { apiGet, apiPost } from '../../api/client.ts';

export interface CreatedChatRoom {
  sessionId: string;
  /** K_room, made here; it only ever travels in the link fragment. */
  roomKey: string;
}

/** Opens a room on the server; the key is made in this browser and never sent. */
export async function createChatRoom(duration: ChatDuration): Promise<CreatedChatRoom> {
  const roomKey = await generateRoomKey();
  const body: CreateChatRequest = { duration };
  const { sessionId } = await apiPost(apiPaths.chatCreate, body, createChatResponseSchema);
  return { sessionId, roomKey };
}

/**
 * Whether a room is still open, how full, and for how long; never joins it. A room that has
 * ended answers 404 (an ApiError).
 */
export function fetchChatRoomStatus(sessionId: string): Promise<ChatRoomStatus> {
  return apiGet(apiPaths.chatRoom(sessionId), chatRoomStatusSchema);
}
