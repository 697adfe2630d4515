import { useTranslation } from 'react-i18next';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

export function FaqPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('faq.title'),
    description: t('faq.intro'),
    keywords: t('faq.keywords'),
    canonical: routePaths.faq,
  });

  return <Page title={t('faq.title')} intro={t('faq.intro')} />;
}
