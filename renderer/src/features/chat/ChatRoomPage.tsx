import { useTranslation } from '../../i18n/useTranslation.ts';
import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ChatRoom } from './ChatRoom.tsx';

/** `/chat/:sessionId#roomKey`: the room key stays in the fragment. */
export function ChatRoomPage() {
  const { t } = useTranslation();
  const { sessionId } = useParams();
  usePageMeta({ title: t('chat.room.title'), description: t('chat.room.intro'), noIndex: true });

  // A new key per room: nothing of one room's state carries into another.
  return <ChatRoom key={sessionId} sessionId={sessionId} layout="desktop" />;
}
