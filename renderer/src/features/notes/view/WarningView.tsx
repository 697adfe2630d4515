import { useTranslation } from '../../../i18n/useTranslation.ts';
import { routePaths } from '../../../app/paths.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Notice, NoticeActions } from '../../../ui/Notice.tsx';

/**
 * The last stop before the note is destroyed: only a live note gets here. It says how many files
 * come with it, so the reader can be ready to save them.
 */
export function WarningView({ fileCount, onRead }: { fileCount: number; onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" title={t('note.viewer.warningTitle')} data-testid="note-warning">
      <p>{t('note.viewer.warningBody')}</p>
      {fileCount > 0 && <p>{t('note.viewer.warningFiles', { count: fileCount })}</p>}
      <NoticeActions>
        <ButtonLink to={routePaths.home} $variant="secondary" $size="large">
          {t('note.viewer.cancel')}
        </ButtonLink>
        <Button $variant="destructive" $size="large" onClick={onRead}>
          {t('note.viewer.readAndDestroy')}
        </Button>
      </NoticeActions>
    </Notice>
  );
}
