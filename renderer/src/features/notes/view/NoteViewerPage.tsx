import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useParams } from 'react-router-dom';
import { noteIdSchema } from '../../../../../shared/api/notes.ts';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { InsecureConnectionWarning } from '../../../ui/InsecureConnectionWarning.tsx';
import { Stack } from '../../../ui/layout.ts';
import { Page } from '../../../ui/Page.tsx';
import { KeylessView } from './KeylessView.tsx';
import { HomeActions, Notice } from '../../../ui/Notice.tsx';
import { NoteReader } from './NoteReader.tsx';
import { useFragmentKey } from '../../../ui/useFragmentKey.ts';

/**
 * `/note/:id#key`. The key is read from the fragment and removed from the address at once;
 * nothing here sends it, logs it or copies it into another URL. Before the reader confirms,
 * only the non-burning check is made, and only the proof (never the key or password) is sent.
 */
export function NoteViewerPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('note.viewer.title'),
    description: t('note.viewer.intro'),
    noIndex: true,
  });
  const { id = '' } = useParams();
  const linkKey = useFragmentKey(id);

  let content;
  if (!noteIdSchema.safeParse(id).success) {
    content = (
      <Notice tone="danger" title={t('note.viewer.invalidUrlTitle')}>
        <p>{t('note.viewer.invalidUrl')}</p>
        <HomeActions />
      </Notice>
    );
  } else if (linkKey === '') {
    content = <KeylessView noteId={id} />;
  } else {
    // Keyed by note so following another note's link starts over.
    content = <NoteReader key={`${id}#${linkKey}`} noteId={id} linkKey={linkKey} />;
  }

  return (
    <Page title={t('note.viewer.title')}>
      <Stack $gap={5}>
        <InsecureConnectionWarning />
        {content}
      </Stack>
    </Page>
  );
}
