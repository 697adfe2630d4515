import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';

export function BlogArticlePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  usePageMeta({
    title: t('blog.article.title'),
    description: t('blog.article.intro'),
    keywords: t('blog.list.keywords'),
    canonical: routePaths.blogArticle(id),
  });

  return (
    <Page title={t('blog.article.title')} intro={t('blog.article.intro')}>
      <Actions>
        <ButtonLink to={routePaths.blog} $variant="secondary">
          {t('blog.article.backToBlog')}
        </ButtonLink>
      </Actions>
    </Page>
  );
}
