import { describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { categoriesOf, searchPosts } from './searchPosts.ts';

const post = (id: string, category: string, title: string, tags: string[] = []) =>
  ({
    id,
    title,
    excerpt: `About ${title.toLowerCase()}`,
    category,
    tags,
    author: 'Ashnote Team',
    readMinutes: 3,
    publishedAt: '2026-11-01T00:00:00.000Z',
  }) satisfies BlogPostSummary;

const POSTS = [
  post('a', 'Encryption', 'Link fragments', ['AES-GCM']),
  post('b', 'Teams', 'Onboarding', ['passwords']),
  post('c', 'Encryption', 'Previews and scanners'),
];

describe('blog search', () => {
  it('lists each category once, in the order the posts show them', () => {
    expect(categoriesOf(POSTS)).toEqual(['Encryption', 'Teams']);
  });

  it('matches title, excerpt and tags, ignoring case, within the chosen category', () => {
    expect(searchPosts(POSTS, '', null, 'en')).toHaveLength(3);
    expect(searchPosts(POSTS, 'aes-gcm', null, 'en').map((p) => p.id)).toEqual(['a']);
    expect(searchPosts(POSTS, 'ABOUT ONBOARDING', null, 'en').map((p) => p.id)).toEqual(['b']);
    expect(searchPosts(POSTS, '', 'Encryption', 'en').map((p) => p.id)).toEqual(['a', 'c']);
    expect(searchPosts(POSTS, 'passwords', 'Encryption', 'en')).toEqual([]);
  });
});
