import { useTranslation } from '../../i18n/useTranslation.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';
import { TermsDocument } from './TermsDocument.tsx';

export function TermsPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('terms.title'),
    description: t('terms.intro'),
    keywords: t('terms.keywords'),
    canonical: routePaths.terms,
  });

  return (
    <Page title={t('terms.title')} intro={t('terms.intro')}>
      <TermsDocument headingLevel={2} />
    </Page>
  );
}
