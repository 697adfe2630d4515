import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { platform } from '../../platform/index.ts';
import { ChatClient } from './chatClient.ts';
import type { ChatNotice, SendResult } from './chatClient.ts';
import { chatReducer, initialChatState, isTerminal } from './chatState.ts';
import type { ChatState } from './chatState.ts';
import { isValidRoomId, participantIdFor } from './chatText.ts';
import { startCountdown } from './countdown.ts';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface ChatRoomHandle {
  state: ChatState;
  send(text: string): Promise<SendResult>;
  /** After a failed first connection. */
  retry(): void;
}

/**
 * One chat room for the lifetime of the component: the socket, the key exchange and the screen
 * state. Mount it with `key={roomId}` so another room starts from scratch. Plaintext exists only
 * in this component's state and goes with it.
 */
export function useChatRoom(
  roomId: string | undefined,
  roomKey: string | null,
  notify: (notice: ChatNotice) => void,
): ChatRoomHandle {
  const valid = isValidRoomId(roomId) && roomKey !== null;
  const [state, dispatch] = useReducer(chatReducer, valid, initialChatState);
  const [attempt, setAttempt] = useState(0);
  const clientRef = useRef<ChatClient | null>(null);
  const notifyRef = useRef(notify);

  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);

  useEffect(() => {
    if (!isValidRoomId(roomId) || roomKey === null) return;
    const client = new ChatClient({
      roomId,
      roomKey,
      participantId: participantIdFor(roomId, sessionStorageOrNull()),
      url: platform.server.socketUrl,
      dispatch,
      notify: (notice) => notifyRef.current(notice),
    });
    clientRef.current = client;
    client.start();
    // Closing the tab or leaving the site: free the seat now rather than after the grace.
    const onPageHide = () => client.stop(true);
    // Back from the back/forward cache: the old connection is gone; sit down again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setAttempt((n) => n + 1);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      client.stop(true);
      if (clientRef.current === client) clientRef.current = null;
    };
  }, [roomId, roomKey, attempt]);

  const terminal = isTerminal(state.phase);
  useEffect(() => {
    // The countdown reached zero here, or another terminal state: close the socket.
    if (terminal) clientRef.current?.stop(false);
  }, [terminal]);

  const active = state.phase === 'active';
  useEffect(() => (active ? startCountdown(dispatch) : undefined), [active]);

  const send = useCallback(
    (text: string): Promise<SendResult> =>
      clientRef.current?.send(text) ?? Promise.resolve<SendResult>('failed'),
    [],
  );
  const retry = useCallback(() => {
    dispatch({ type: 'retry' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, send, retry };
}
