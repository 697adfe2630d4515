import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useLocation, useParams } from 'react-router-dom';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ChatRoom } from './ChatRoom.tsx';
import { isValidRoomId, roomKeyFromHash } from './chatText.ts';
import { rememberedRoomAtom } from './mobile/mobileChatAtoms.ts';

/** `/mobile-chat/:sessionId#roomKey`: the same room and encryption, inside the mobile shell. */
export function MobileChatRoomPage() {
  const { t } = useTranslation();
  const { sessionId } = useParams();
  const roomKey = roomKeyFromHash(useLocation().hash);
  usePageMeta({ title: t('chat.room.title'), description: t('chat.room.intro'), noIndex: true });

  // Entering a room makes it the Chat tab's current one, to rejoin later.
  const remember = useSetAtom(rememberedRoomAtom);
  useEffect(() => {
    if (isValidRoomId(sessionId) && roomKey) remember({ sessionId, roomKey });
  }, [sessionId, roomKey, remember]);

  return <ChatRoom key={sessionId} sessionId={sessionId} layout="mobile" />;
}
