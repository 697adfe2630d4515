import { useTranslation } from 'react-i18next';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

export function ChatCreatePage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('chat.create.title'),
    description: t('chat.create.intro'),
    keywords: t('chat.create.keywords'),
    canonical: routePaths.chat,
  });

  return <Page title={t('chat.create.title')} intro={t('chat.create.intro')} />;
}
