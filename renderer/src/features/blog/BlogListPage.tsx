import { useTranslation } from 'react-i18next';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

export function BlogListPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('blog.list.title'),
    description: t('blog.list.intro'),
    keywords: t('blog.list.keywords'),
    canonical: routePaths.blog,
  });

  return <Page title={t('blog.list.title')} intro={t('blog.list.intro')} />;
}
