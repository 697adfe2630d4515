import { useTranslation } from '../../i18n/useTranslation.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('notFound.title'), description: t('notFound.intro'), noIndex: true });

  return (
    <Page title={t('notFound.title')} intro={t('notFound.intro')}>
      <Actions>
        <ButtonLink to={routePaths.home}>{t('notFound.home')}</ButtonLink>
      </Actions>
    </Page>
  );
}
