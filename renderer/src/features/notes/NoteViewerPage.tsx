import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { Page } from '../../ui/Page.tsx';

/** `/note/:id#key`: the key stays in the fragment, so nothing here may copy the URL's hash. */
export function NoteViewerPage() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('note.viewer.title'),
    description: t('note.viewer.intro'),
    noIndex: true,
  });

  return <Page title={t('note.viewer.title')} intro={t('note.viewer.intro')} />;
}
