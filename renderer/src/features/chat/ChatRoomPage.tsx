import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

/** `/chat/:sessionId#roomKey`: the room key stays in the fragment. */
export function ChatRoomPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('chat.room.title'), description: t('chat.room.intro'), noIndex: true });

  return <Page title={t('chat.room.title')} intro={t('chat.room.intro')} />;
}
