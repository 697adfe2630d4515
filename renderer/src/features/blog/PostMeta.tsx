import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { formatPostDate } from './formatDate.ts';

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
  const { i18n } = useTranslation('pages');
  return (
    <Byline>
      <time dateTime={post.publishedAt}>
        {formatPostDate(i18n.resolvedLanguage ?? 'en', post.publishedAt)}
      </time>
      <span aria-hidden="true">·</span>
      <span>{post.author}</span>
    </Byline>
  );
}

const Kicker = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  color: ${({ theme }) => theme.color.textSubtle};
  font-size: 13px;
`;

export const Category = styled.span`
  padding-block: 2px;
  padding-inline: 10px;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;

export const Tag = styled.li`
  padding-block: 2px;
  padding-inline: 10px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.round};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 0;
  list-style: none;
`;
