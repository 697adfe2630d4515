import { useTranslation } from '../../i18n/useTranslation.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';
import { PrivacyDocument } from './PrivacyDocument.tsx';

export function PrivacyPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('privacy.title'),
    description: t('privacy.intro'),
    keywords: t('privacy.keywords'),
    canonical: routePaths.privacy,
  });

  return (
    <Page title={t('privacy.title')} intro={t('privacy.intro')}>
      <PrivacyDocument headingLevel={2} />
    </Page>
  );
}
