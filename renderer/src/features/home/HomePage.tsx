import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { routePaths } from '../../app/paths.ts';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Actions, Page } from '../../ui/Page.tsx';
import type { CreatedNote } from '../notes/createNote.ts';
import { CreateNoteForm } from './CreateNoteForm.tsx';
import { SharePanel } from './SharePanel.tsx';

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
      <Workspace>
        {created ? (
          <SharePanel note={created} onCreateAnother={() => setCreated(null)} />
        ) : (
          <CreateNoteForm onCreated={setCreated} />
        )}
      </Workspace>
      <Actions>
        <ButtonLink to={routePaths.security} $variant="secondary" $size="large">
          {t('home.learnSecurity')}
        </ButtonLink>
      </Actions>
    </Page>
  );
}

const Workspace = styled.div`
  margin-block-end: 40px;
  text-align: start;
`;
