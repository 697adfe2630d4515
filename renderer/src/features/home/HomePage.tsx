import { useTranslation } from 'react-i18next';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';

export function HomePage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('home.title'),
    description: t('home.intro'),
    keywords: t('home.keywords'),
    canonical: routePaths.home,
  });

  return (
    <Page title={t('home.title')} intro={t('home.intro')} eyebrow={t('home.eyebrow')} hero>
      <Actions>
        <ButtonLink to={routePaths.security} $variant="secondary" $size="large">
          {t('home.learnSecurity')}
        </ButtonLink>
      </Actions>
    </Page>
  );
}
