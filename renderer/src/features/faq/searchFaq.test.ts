import { describe, expect, it } from 'vitest';
import { searchFaq } from './searchFaq.ts';
import type { FaqItem } from './searchFaq.ts';

const items: FaqItem[] = [
  {
    id: 'chat',
    category: 'chat',
    question: 'How long does a room last?',
    answer: 'Up to an hour.',
    tags: 'duration',
  },
  {
    id: 'key',
    category: 'security',
    question: 'Where is the key?',
    answer: 'In the link, after the #.',
    tags: 'AES-256, fragment',
  },
  {
    id: 'images',
    category: 'features',
    question: 'Can I attach images?',
    answer: 'Yes, metadata removed.',
    tags: 'EXIF',
  },
  {
    id: 'more-security',
    category: 'security',
    question: 'Do you track me?',
    answer: 'No.',
    tags: 'cookies',
  },
];

const ids = (groups: ReturnType<typeof searchFaq>) =>
  groups.map((group) => [group.category, group.items.map((item) => item.id)]);

describe('searchFaq', () => {
  it('groups everything by category in the chips order when nothing is filtered', () => {
    expect(ids(searchFaq(items, '  ', 'all', 'en'))).toEqual([
      ['security', ['key', 'more-security']],
      ['features', ['images']],
      ['chat', ['chat']],
    ]);
  });

  it('matches question, answer and tags case-insensitively, as substrings', () => {
    expect(ids(searchFaq(items, 'ROOM', 'all', 'en'))).toEqual([['chat', ['chat']]]);
    expect(ids(searchFaq(items, 'metadata', 'all', 'en'))).toEqual([['features', ['images']]]);
    expect(ids(searchFaq(items, 'exif', 'all', 'en'))).toEqual([['features', ['images']]]);
    expect(ids(searchFaq(items, 'aes-2', 'all', 'en'))).toEqual([['security', ['key']]]);
  });

  it('filters by category, alone and with a query', () => {
    expect(ids(searchFaq(items, '', 'security', 'en'))).toEqual([
      ['security', ['key', 'more-security']],
    ]);
    expect(ids(searchFaq(items, 'images', 'security', 'en'))).toEqual([]);
  });

  it('lowers case by the reader language (Cyrillic here)', () => {
    const russian: FaqItem[] = [{ ...items[0]!, question: 'СКОЛЬКО длится комната?' }];
    expect(ids(searchFaq(russian, 'сколько', 'all', 'ru'))).toEqual([['chat', ['chat']]]);
  });
});
