import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { formatPostDate } from './formatDate.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';

/** Category and reading time, shown above a post's title on its card and its page. */
export function PostKicker({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation('pages');
  return (
    <Kicker>
      <Category>{post.category}</Category>
      <span>{t('blog.card.readTime', { minutes: post.readMinutes })}</span>
    </Kicker>
  );
}

/** Date and author label. */
export function PostByline({ post }: { post: BlogPostSummary }) {
  const { language } = useTranslation('pages');
  return (
    <Byline>
      <time dateTime={post.publishedAt}>{formatPostDate(language, post.publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.author}</span>
    </Byline>
  );
}

const Kicker = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]} ${space[3]};
  color: ${({ theme }) => theme.color.textSubtle};
  font-size: ${fontSize.sm};
`;

export const Category = styled.span`
  padding-block: ${space[0.5]};
  padding-inline: ${space[2.5]};
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[1.5]};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.md};
`;

export const Tag = styled.li`
  padding-block: ${space[0.5]};
  padding-inline: ${space[2.5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.round};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.sm};
`;

export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[1.5]};
  padding: 0;
  list-style: none;
`;
