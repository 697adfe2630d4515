import { useTranslation } from 'react-i18next';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';

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
      <Actions>
        <ButtonLink to={routePaths.home} $variant="secondary">
          {t('features.backHome')}
        </ButtonLink>
      </Actions>
    </Page>
  );
}
