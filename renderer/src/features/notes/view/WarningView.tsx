import { useTranslation } from '../../../i18n/useTranslation.ts';
import { routePaths } from '../../../app/paths.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Notice, NoticeActions } from '../../../ui/Notice.tsx';

/**
 * The last stop before the note is destroyed: only a live note gets here. It says how many files
 * come with it, so the reader can be ready to save them.
 *
 * It is also what a note link shows while the note is being checked (`fileCount` null), its
 * button not yet usable: most links lead to a live note, and the warning then stays where it was
 * painted, the same elements, instead of replacing a "checking" screen a network round trip
 * later. Its text is the page's largest paint (docs/benchmarks.md has the figures). A note found
 * gone replaces it with what happened to it.
 */
export function WarningView({
  fileCount,
  onRead,
}: {
  fileCount: number | null;
  onRead: () => void;
}) {
  const { t } = useTranslation();
  const checking = fileCount === null;
  return (
    <Notice
      tone="warning"
      title={t('note.viewer.warningTitle')}
      busy={checking}
      data-testid={checking ? 'note-checking' : 'note-warning'}
    >
      <p>{t('note.viewer.warningBody')}</p>
      {!checking && fileCount > 0 && <p>{t('note.viewer.warningFiles', { count: fileCount })}</p>}
      <NoticeActions>
        <ButtonLink to={routePaths.home} $variant="secondary" $size="large">
          {t('note.viewer.cancel')}
        </ButtonLink>
        <Button $variant="destructive" $size="large" onClick={onRead} disabled={checking}>
          {checking ? t('note.viewer.loading') : t('note.viewer.readAndDestroy')}
        </Button>
      </NoticeActions>
    </Notice>
  );
}
