import { useTranslation } from '../../i18n/useTranslation.ts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { routePaths } from '../../app/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { PostByline, PostKicker, Tag, TagList } from './PostMeta.tsx';
import { fontSize, space } from '../../ui/tokens.ts';

/** Tags a card shows before summing up the rest as "+n". */
const TAGS_ON_CARD = 2;

interface BlogCardProps {
  post: BlogPostSummary;
  /** Present once the admin controls are revealed. */
  onDelete?: () => void;
  deleting?: boolean;
}

export function BlogCard({ post, onDelete, deleting = false }: BlogCardProps) {
  const { t } = useTranslation('pages');
  const hiddenTags = post.tags.length - TAGS_ON_CARD;

  return (
    <StyledCard as="article" aria-labelledby={`post-${post.id}`}>
      <PostKicker post={post} />
      {/* Articles are written in one language (English), whatever the interface's: their
          texts take their own direction, not an Arabic page's. */}
      <Title id={`post-${post.id}`} dir="auto">
        <Link to={routePaths.blogArticle(post.id)}>{post.title}</Link>
      </Title>
      <Excerpt dir="auto">{post.excerpt}</Excerpt>
      <PostByline post={post} />
      {post.tags.length > 0 ? (
        <TagList aria-label={t('blog.article.topics')}>
          {post.tags.slice(0, TAGS_ON_CARD).map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
          {hiddenTags > 0 ? <Tag>{t('blog.card.moreTags', { n: hiddenTags })}</Tag> : null}
        </TagList>
      ) : null}
      <Footer>
        {/* Named by the article, in the text itself rather than an aria-label: search engines
            and Lighthouse read a link's text, and "Read More" alone says nothing. */}
        <ReadMore to={routePaths.blogArticle(post.id)}>
          <span aria-hidden="true">{t('blog.card.readMore')}</span>
          <VisuallyHidden>{t('blog.card.readMoreAbout', { title: post.title })}</VisuallyHidden>
        </ReadMore>
        {onDelete ? (
          <Button
            $variant="destructive"
            onClick={onDelete}
            disabled={deleting}
            aria-busy={deleting}
            aria-label={t('blog.admin.deleteLabel', { title: post.title })}
          >
            {t('blog.admin.delete')}
          </Button>
        ) : null}
      </Footer>
    </StyledCard>
  );
}

const StyledCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
`;

const Title = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: 650;
  line-height: 1.3;

  a {
    color: inherit;
    text-decoration: none;
  }

  a:hover {
    text-decoration: underline;
  }
`;

const Excerpt = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  margin-block-start: auto;
`;

const ReadMore = styled(Link)`
  position: relative;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;
