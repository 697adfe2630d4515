import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../app/paths.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Notice, NoticeActions } from '../../../ui/Notice.tsx';

/** The last stop before the note is destroyed: only a live note gets here. */
export function WarningView({ onRead }: { onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" title={t('note.viewer.warningTitle')} data-testid="note-warning">
      <p>{t('note.viewer.warningBody')}</p>
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
