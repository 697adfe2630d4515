import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ChatRoom } from './ChatRoom.tsx';

/** `/mobile-chat/:sessionId#roomKey`: the same room and encryption, inside the mobile shell. */
export function MobileChatRoomPage() {
  const { t } = useTranslation();
  const { sessionId } = useParams();
  usePageMeta({ title: t('chat.room.title'), description: t('chat.room.intro'), noIndex: true });

  return <ChatRoom key={sessionId} sessionId={sessionId} layout="mobile" />;
}
