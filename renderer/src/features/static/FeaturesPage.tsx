import { useTranslation } from '../../i18n/useTranslation.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';
import { DocumentStack } from './DocumentCards.tsx';
import { FeaturesDocument } from './FeaturesDocument.tsx';

export function FeaturesPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('features.title'),
    description: t('features.intro'),
    keywords: t('features.keywords'),
    canonical: routePaths.features,
  });

  return (
    <Page title={t('features.title')} intro={t('features.intro')}>
      <DocumentStack>
        <FeaturesDocument headingLevel={2} />
        <Actions>
          <ButtonLink to={routePaths.home} $variant="secondary" $size="large">
            {t('features.backHome')}
          </ButtonLink>
        </Actions>
      </DocumentStack>
    </Page>
  );
}
