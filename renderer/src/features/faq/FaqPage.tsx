import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Button } from '../../ui/Button.tsx';
import { MessageCard } from '../../ui/Card.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { Input, Label } from '../../ui/Field.tsx';
import { Row, Stack } from '../../ui/layout.ts';
import { Page } from '../../ui/Page.tsx';
import { NewsletterSlot } from '../../app/NewsletterSlot.tsx';
import { DocumentText } from '../../ui/DocumentText.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';
import { FAQ_CATEGORIES, FAQ_ENTRIES } from './faqEntries.ts';
import { searchFaq } from './searchFaq.ts';
import type { CategoryFilter, FaqItem } from './searchFaq.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';
import { useId } from '../../ui/ids.tsx';

const FILTERS: readonly CategoryFilter[] = ['all', ...FAQ_CATEGORIES];

export function FaqPage() {
  const { t, language } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  usePageMeta({
    title: t('faq.title'),
    description: t('faq.intro'),
    keywords: t('faq.keywords'),
    canonical: routePaths.faq,
  });
  const values = useDocumentValues();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();

  const items: FaqItem[] = FAQ_ENTRIES.map(({ id, category: itemCategory }) => ({
    id,
    category: itemCategory,
    question: tPages(`faq.items.${id}.question`, values),
    answer: tPages(`faq.items.${id}.answer`, values),
    tags: tPages(`faq.items.${id}.tags`),
  }));
  const groups = searchFaq(items, query, category, language);
  const found = groups.reduce((sum, group) => sum + group.items.length, 0);
  const searching = query.trim() !== '';

  const clearFilters = () => {
    setQuery('');
    setCategory('all');
    searchRef.current?.focus();
  };

  return (
    <Page title={t('faq.title')} intro={t('faq.intro')}>
      <Stack $gap={7}>
        <Stack $gap={4} role="search">
          <div>
            <Label htmlFor={searchId}>{t('faq.searchLabel')}</Label>
            <Input
              ref={searchRef}
              id={searchId}
              type="search"
              value={query}
              placeholder={t('faq.searchPlaceholder')}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <Row $gap={2} role="group" aria-label={t('faq.categoriesLabel')}>
            {FILTERS.map((filter) => (
              <Chip
                key={filter}
                aria-pressed={category === filter}
                onClick={() => setCategory(filter)}
              >
                {t(`faq.category.${filter}`)}
              </Chip>
            ))}
          </Row>
        </Stack>

        <Status role="status">{t('faq.results', { count: found })}</Status>

        {groups.length === 0 ? (
          <MessageCard>
            <h2>{t('faq.empty.title')}</h2>
            <p>{t('faq.empty.body')}</p>
            <Button $variant="secondary" onClick={clearFilters}>
              {t('faq.clear')}
            </Button>
          </MessageCard>
        ) : (
          groups.map((group) => (
            <Stack
              as="section"
              $gap={3}
              key={group.category}
              aria-labelledby={`${searchId}-${group.category}`}
            >
              <GroupTitle id={`${searchId}-${group.category}`}>
                {t(`faq.category.${group.category}`)}
                <Count>{t('faq.questionCount', { count: group.items.length })}</Count>
              </GroupTitle>
              <Stack $gap={2}>
                {group.items.map((item) => (
                  // A search opens the matching answers, since the match may be inside them.
                  <Question key={`${item.id}-${searching}`} open={searching}>
                    <summary>{item.question}</summary>
                    <DocumentText text={item.answer} />
                  </Question>
                ))}
              </Stack>
            </Stack>
          ))
        )}

        <NewsletterSlot placement="faq" />
      </Stack>
    </Page>
  );
}

const Status = styled.p`
  color: ${({ theme }) => theme.color.textSubtle};
  font-size: ${fontSize.md};
`;

const GroupTitle = styled.h2`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${space[1]} ${space[3]};
  font-size: ${fontSize['2xl']};
  font-weight: 700;
`;

const Count = styled.span`
  color: ${({ theme }) => theme.color.textSubtle};
  font-size: ${fontSize.md};
  font-weight: 500;
`;

const Question = styled.details`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.surface};

  summary {
    padding-block: ${space[3.5]};
    padding-inline: ${space[4.5]};
    border-radius: ${radius.medium};
    font-weight: 600;
    cursor: pointer;
  }

  summary:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  summary::marker {
    color: ${({ theme }) => theme.color.primary};
  }

  & > div {
    padding-block: 0 ${space[4]};
    padding-inline: ${space[4.5]};
  }
`;
