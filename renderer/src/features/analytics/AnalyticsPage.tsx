import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

/** Administrator-only dashboard (DESIGN §5): real data behind an administrator login. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('analytics.title'), description: t('analytics.intro'), noIndex: true });

  return <Page title={t('analytics.title')} intro={t('analytics.intro')} />;
}
