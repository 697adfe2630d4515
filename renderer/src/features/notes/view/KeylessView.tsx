import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { noteInfoResponseSchema, type NoteInfoResponse } from '../../../../../shared/api/notes.ts';
import { apiPaths } from '../../../../../shared/api/paths.ts';
import { totalSeconds } from '../../../../../shared/time-ago.ts';
import { apiGet } from '../../../api/client.ts';
import { DestroyedView } from './DestroyedView.tsx';
import { HomeActions, Notice } from '../../../ui/Notice.tsx';

/**
 * A note's page without its key: most often the reader reloaded it (the viewer removes the key
 * from the address, rightly) or the link lost its fragment on the way. The non-burning check
 * tells which is true: still unread (open the original link again), or already read or expired.
 * Without an answer (unknown note, offline), it says only that the key is missing.
 */
export function KeylessView({ noteId }: { noteId: string }) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<NoteInfoResponse | null>(null);
  useEffect(() => {
    let current = true;
    apiGet(apiPaths.note(noteId), noteInfoResponseSchema).then(
      (answer) => current && setInfo(answer),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [noteId]);

  if (info?.isDestroyed === true) {
    return <DestroyedView reason={info.reason} seconds={totalSeconds(info.timeAgo)} />;
  }
  return (
    <Notice tone="danger" title={t('note.viewer.missingKeyTitle')}>
      <p>{info === null ? t('note.viewer.missingKey') : t('note.viewer.missingKeyUnread')}</p>
      <HomeActions />
    </Notice>
  );
}
