import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

/** `/mobile-chat/:sessionId#roomKey`: the chat room inside the full-screen mobile shell. */
export function MobileChatRoomPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('chat.room.title'), description: t('chat.room.intro'), noIndex: true });

  return <Page title={t('chat.room.title')} intro={t('chat.room.intro')} />;
}
