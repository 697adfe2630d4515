import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { RouteLoading } from './RouteStates.tsx';
import { routePaths } from './paths.ts';
import { usePageMeta } from '../meta/usePageMeta.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Actions, Page } from '../ui/Page.tsx';
import { NewsletterSlot } from './NewsletterSlot.tsx';
import type { CreatedNote } from '../features/notes/createdNote.ts';
import { CreateNoteForm } from '../features/notes/create/CreateNoteForm.tsx';
import { HomeDocuments } from '../features/static/HomeDocuments.tsx';
import { HomeFeatureCards } from '../features/static/HomeFeatureCards.tsx';
import { space } from '../ui/tokens.ts';

/**
 * The share panel (with its QR code library) is needed only after a note is created: it loads
 * then, or earlier once the visitor starts on the form, never with the page itself.
 */
const loadSharePanel = () => import('../features/notes/create/SharePanel.tsx');
const SharePanel = lazy(async () => ({ default: (await loadSharePanel()).SharePanel }));

export function HomePage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('home.title'),
    description: t('home.intro'),
    keywords: t('home.keywords'),
    canonical: routePaths.home,
  });
  // Held only in memory: leaving the page forgets the link (and its key).
  const [created, setCreated] = useState<CreatedNote | null>(null);

  return (
    <Page title={t('home.title')} intro={t('home.intro')} eyebrow={t('home.eyebrow')} hero>
      {/* A failed prefetch costs nothing: the panel asks again when it renders. */}
      <Workspace onFocusCapture={() => void loadSharePanel().catch(() => undefined)}>
        {created ? (
          <Suspense fallback={<RouteLoading />}>
            <SharePanel note={created} onCreateAnother={() => setCreated(null)} />
          </Suspense>
        ) : (
          <CreateNoteForm onCreated={setCreated} />
        )}
      </Workspace>
      <Actions>
        <ButtonLink to={routePaths.security} $variant="secondary" $size="large">
          {t('home.learnSecurity')}
        </ButtonLink>
      </Actions>
      <Sections>
        <HomeFeatureCards />
        <NewsletterSlot placement="home" />
        <HomeDocuments />
      </Sections>
    </Page>
  );
}

const Workspace = styled.div`
  margin-block-end: ${space[10]};
  text-align: start;
`;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[18]};
  margin-block-start: ${space[20]};
`;
