import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import type { BlogPostSummary } from '../../../../shared/api/blog.ts';
import { usePublicConfig } from '../../api/config.ts';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Button } from '../../ui/Button.tsx';
import { Card, MessageCard } from '../../ui/Card.tsx';
import { Chip } from '../../ui/Chip.tsx';
import { Input, Label } from '../../ui/Field.tsx';
import { Row, Stack } from '../../ui/layout.ts';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { MutedText } from '../../ui/text.ts';
import { useAdminGate } from '../../app/admin/useAdminGate.tsx';
import { NewsletterSlot } from '../../app/NewsletterSlot.tsx';
import { apiErrorKey } from '../../api/errorKey.ts';
import { BlogCard } from './BlogCard.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { NewsletterComposer } from './NewsletterComposer.tsx';
import { Promotion } from './Promotions.tsx';
import { categoriesOf, searchPosts } from './searchPosts.ts';
import type { CategoryFilter } from './searchPosts.ts';
import { useBlogAdmin } from './useBlogAdmin.ts';
import { useBlogPosts } from './useBlogPosts.ts';
import { useTitleTaps } from './useTitleTaps.ts';
import { space } from '../../ui/tokens.ts';
import { useId } from '../../ui/ids.tsx';

export function BlogListPage() {
  const { t, language } = useTranslation('pages');
  const { t: tApp } = useTranslation();
  usePageMeta({
    title: t('blog.list.title'),
    description: t('blog.list.intro'),
    keywords: t('blog.list.keywords'),
    canonical: routePaths.blog,
  });
  const posts = useBlogPosts();
  const gate = useAdminGate();
  const admin = useBlogAdmin(gate, posts);
  const { revealed, tap } = useTitleTaps();
  const config = usePublicConfig();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CategoryFilter>(null);
  const [confirming, setConfirming] = useState<BlogPostSummary | null>(null);
  const [composing, setComposing] = useState(false);
  const searchId = useId();
  const aiHintId = useId();

  const all = posts.state.status === 'ready' ? posts.state.posts : [];
  const shown = searchPosts(all, query, category, language);
  const aiAvailable = config?.aiArticlesAvailable === true;

  return (
    <Page
      title={
        // The seed's hidden admin reveal: it only shows the controls, which need the session.
        <TitleTapArea onClick={tap}>{t('blog.list.title')}</TitleTapArea>
      }
      intro={t('blog.list.intro')}
    >
      <Stack $gap={7}>
        {revealed ? (
          <AdminBar aria-label={t('blog.admin.controls')}>
            <Button
              onClick={admin.generate}
              disabled={!aiAvailable || admin.generating}
              aria-busy={admin.generating}
              aria-describedby={aiAvailable ? undefined : aiHintId}
            >
              {admin.generating ? <Spinner /> : null}
              {admin.generating ? t('blog.admin.generating') : t('blog.admin.generate')}
            </Button>
            {aiAvailable ? null : (
              <MutedText id={aiHintId}>{t('blog.admin.aiUnavailable')}</MutedText>
            )}
            <Button
              $variant="secondary"
              aria-expanded={composing}
              onClick={() => gate.run(() => setComposing(!composing))}
            >
              {tApp('newsletterAdmin.open')}
            </Button>
          </AdminBar>
        ) : null}
        {revealed && composing ? <NewsletterComposer gate={gate} /> : null}

        <Stack $gap={4} role="search">
          <div>
            <Label htmlFor={searchId}>{t('blog.list.searchLabel')}</Label>
            <Input
              id={searchId}
              type="search"
              value={query}
              placeholder={t('blog.list.searchPlaceholder')}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <Row $gap={2} role="group" aria-label={t('blog.list.categoriesLabel')}>
            {[null, ...categoriesOf(all)].map((filter) => (
              <Chip
                key={filter ?? ''}
                aria-pressed={category === filter}
                onClick={() => setCategory(filter)}
              >
                {filter ?? t('blog.list.all')}
              </Chip>
            ))}
          </Row>
        </Stack>

        {posts.state.status === 'loading' ? (
          <Centered role="status">
            <Spinner /> {tApp('common.loading')}
          </Centered>
        ) : posts.state.status === 'failed' ? (
          <MessageCard role="alert">
            <h2>{t('blog.list.loadFailed')}</h2>
            <p>{tApp(apiErrorKey(posts.state.error))}</p>
            <Button $variant="secondary" onClick={posts.retry}>
              {t('blog.list.retry')}
            </Button>
          </MessageCard>
        ) : shown.length === 0 ? (
          <MessageCard>
            <h2>{t('blog.list.emptyTitle')}</h2>
            <p>{t('blog.list.emptyBody')}</p>
            <Button
              $variant="secondary"
              onClick={() => {
                setQuery('');
                setCategory(null);
              }}
            >
              {t('blog.list.clear')}
            </Button>
          </MessageCard>
        ) : (
          <Grid>
            {shown.flatMap((post, index) => {
              const card = (
                <BlogCard
                  key={post.id}
                  post={post}
                  onDelete={revealed ? () => setConfirming(post) : undefined}
                  deleting={admin.deleting === post.id}
                />
              );
              // A first-party promotion after the fourth card, in the seed's ad slot.
              return index === 3 ? [card, <Promotion key="promotion" id="note" />] : [card];
            })}
          </Grid>
        )}

        <NewsletterSlot placement="blog" />
      </Stack>
      <ConfirmDeleteDialog
        post={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(post) => {
          setConfirming(null);
          admin.remove(post.id);
        }}
      />
      {gate.dialog}
    </Page>
  );
}

/** The whole heading counts, not only its letters. */
const TitleTapArea = styled.span`
  display: block;
`;

const AdminBar = styled(Card).attrs({ as: 'section' })`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[3]};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: ${space[5]};
`;

const Centered = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${space[2.5]};
  padding-block: ${space[10]};
  color: ${({ theme }) => theme.color.textMuted};
`;
