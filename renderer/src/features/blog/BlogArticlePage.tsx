import { useTranslation } from '../../i18n/useTranslation.ts';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { BlogPost } from '../../../../shared/api/blog.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Stack } from '../../ui/layout.ts';
import { Actions, Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NewsletterSlot } from '../../app/NewsletterSlot.tsx';
import { apiErrorKey } from '../../api/errorKey.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { PostByline, PostKicker, Tag, TagList } from './PostMeta.tsx';
import { Promotion } from './Promotions.tsx';
import { ShareButton } from './ShareButton.tsx';
import { useBlogPost } from './useBlogPost.ts';
import { fontSize, space } from '../../ui/tokens.ts';

export function BlogArticlePage() {
  const { t } = useTranslation('pages');
  const { t: tApp } = useTranslation();
  const { id = '' } = useParams();
  const state = useBlogPost(id);
  const post = state.status === 'ready' ? state.post : null;
  usePageMeta({
    title: post?.title ?? t('blog.article.title'),
    description: post?.excerpt ?? t('blog.article.intro'),
    keywords: post ? post.tags.join(', ') : t('blog.list.keywords'),
    canonical: routePaths.blogArticle(id),
    noIndex: state.status === 'notFound',
  });

  switch (state.status) {
    case 'loading':
      return (
        <Page title={t('blog.article.title')}>
          <Loading role="status">
            <Spinner /> {t('blog.article.loading')}
          </Loading>
        </Page>
      );
    case 'notFound':
      return (
        <Page title={t('blog.article.notFoundTitle')} intro={t('blog.article.notFoundBody')}>
          <Actions>
            <ButtonLink to={routePaths.blog}>{t('blog.article.backToBlog')}</ButtonLink>
          </Actions>
        </Page>
      );
    case 'failed':
      return (
        <Page title={t('blog.article.title')} intro={tApp(apiErrorKey(state.error))}>
          <Actions>
            <Button onClick={() => window.location.reload()}>{t('blog.list.retry')}</Button>
            <ButtonLink to={routePaths.blog} $variant="secondary">
              {t('blog.article.backToBlog')}
            </ButtonLink>
          </Actions>
        </Page>
      );
    case 'ready':
      return <Article post={state.post} />;
  }
}

function Article({ post }: { post: BlogPost }) {
  const { t } = useTranslation('pages');
  return (
    // The article's own texts take their own direction (see BlogCard), not the interface's.
    <Page title={<bdi>{post.title}</bdi>} intro={<bdi>{post.excerpt}</bdi>}>
      <Stack $gap={8}>
        <Header>
          <PostKicker post={post} />
          <PostByline post={post} />
          <ShareButton title={post.title} route={routePaths.blogArticle(post.id)} />
        </Header>
        <ArticleBody html={post.html} />
        {post.tags.length > 0 ? (
          <section aria-labelledby="article-topics">
            <Topics id="article-topics">{t('blog.article.topics')}</Topics>
            <TagList>
              {post.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </TagList>
          </section>
        ) : null}
        <Promotion id="chat" />
        <NewsletterSlot placement="article" />
        <CallToAction as="section" aria-labelledby="article-cta">
          <h2 id="article-cta">{t('blog.article.ctaTitle')}</h2>
          <p>{t('blog.article.ctaBody')}</p>
          <Actions>
            <ButtonLink to={routePaths.home}>{t('blog.article.ctaCreate')}</ButtonLink>
            <ButtonLink to={routePaths.blog} $variant="secondary">
              {t('blog.article.ctaMore')}
            </ButtonLink>
          </Actions>
        </CallToAction>
      </Stack>
    </Page>
  );
}

const Loading = styled.p`
  display: flex;
  align-items: center;
  gap: ${space[2.5]};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  padding-block-end: ${space[4]};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const Topics = styled.h2`
  margin-block-end: ${space[2.5]};
  font-size: ${fontSize.base};
`;

const CallToAction = styled(Card)`
  display: grid;
  gap: ${space[3]};

  h2 {
    font-size: ${fontSize.xl};
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
