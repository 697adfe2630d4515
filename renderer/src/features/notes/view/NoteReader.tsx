import { useTranslation } from '../../../i18n/useTranslation.ts';
import { missingCase } from '../../../../../shared/errors.ts';
import { routePaths } from '../../../app/paths.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { DestroyedView } from './DestroyedView.tsx';
import { BusyNotice, HomeActions, Notice, NoticeActions } from '../../../ui/Notice.tsx';
import { PasswordView } from './PasswordView.tsx';
import { RevealedView } from './RevealedView.tsx';
import { useNoteReader } from './useNoteReader.ts';
import { WarningView } from './WarningView.tsx';

/** One note's screens, from the check to the revealed text. Mount with a key per note. */
export function NoteReader({ noteId, linkKey }: { noteId: string; linkKey: string }) {
  const { t } = useTranslation();
  const { state, confirm, unlock, retry } = useNoteReader(noteId, linkKey);

  switch (state.kind) {
    case 'checking':
      return <WarningView fileCount={null} onRead={confirm} />;
    case 'opening':
      return <BusyNotice text={t('note.viewer.loading')} />;
    case 'warning':
      return <WarningView fileCount={state.note.fileCount} onRead={confirm} />;
    case 'destroyed':
      return <DestroyedView reason={state.reason} seconds={state.seconds} />;
    case 'notFound':
      return (
        <Notice tone="muted" title={t('note.destroyed.notFoundTitle')}>
          <p>{t('note.destroyed.notFound')}</p>
          <HomeActions create />
        </Notice>
      );
    case 'password':
      return <PasswordView state={state} onSubmit={unlock} />;
    case 'decrypting':
      return <BusyNotice text={t('note.viewer.decrypting')} />;
    case 'revealed':
      return (
        <RevealedView
          text={state.text}
          images={state.images}
          skipped={state.skipped}
          files={state.files}
        />
      );
    case 'decryptFailed':
      return (
        <Notice tone="danger" title={t('note.viewer.decryptFailedTitle')}>
          <p>{t('note.viewer.decryptFailed')}</p>
          <HomeActions />
        </Notice>
      );
    case 'error':
      return (
        <Notice tone="danger" title={t('note.viewer.errorTitle')}>
          <p>{t(state.message)}</p>
          <NoticeActions>
            <Button onClick={retry}>{t('note.viewer.retry')}</Button>
            <ButtonLink to={routePaths.home} $variant="secondary">
              {t('note.viewer.home')}
            </ButtonLink>
          </NoticeActions>
        </Notice>
      );
    default:
      return missingCase(state);
  }
}
