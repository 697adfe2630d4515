import { useTranslation } from 'react-i18next';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

/** `/mobile`: the app-style shell (full screen, no site footer). */
export function MobilePage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('mobile.title'),
    description: t('mobile.intro'),
    keywords: t('mobile.keywords'),
    canonical: routePaths.mobile,
  });

  return <Page title={t('mobile.title')} intro={t('mobile.intro')} />;
}
