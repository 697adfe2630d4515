import { useTranslation } from '../../i18n/useTranslation.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';
import { DocumentStack } from './DocumentCards.tsx';
import { SecurityDocument } from './SecurityDocument.tsx';

export function SecurityPage() {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  usePageMeta({
    title: t('security.title'),
    description: t('security.intro'),
    keywords: t('security.keywords'),
    canonical: routePaths.security,
  });

  return (
    <Page title={t('security.title')} intro={t('security.intro')}>
      <DocumentStack>
        <SecurityDocument headingLevel={2} />
        <Actions>
          <ButtonLink to={routePaths.home} $size="large">
            {t('security.cta')}
          </ButtonLink>
          {/* For those who would check the protocol, or write a client of their own. */}
          <ButtonLink to={routePaths.developers} $variant="secondary" $size="large">
            {tPages('developers.title')}
          </ButtonLink>
        </Actions>
      </DocumentStack>
    </Page>
  );
}
