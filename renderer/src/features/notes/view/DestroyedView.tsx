import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { DestroyReason } from '../../../../../shared/api/notes.ts';
import { missingCase } from '../../../../../shared/errors.ts';
import { formatDuration } from '../../../i18n/formatDuration.ts';
import { HomeActions, Notice } from '../../../ui/Notice.tsx';

/** Why the note is gone and, when the server said, how long ago. */
export function DestroyedView({
  reason,
  seconds,
}: {
  reason: DestroyReason;
  seconds: number | null;
}) {
  const { t, language } = useTranslation();
  const time = seconds === null ? null : formatDuration(t, language, seconds);
  let text: string;
  switch (reason) {
    case 'read':
      text = time === null ? t('errors.notFound') : t('note.destroyed.read', { time });
      break;
    case 'expired':
      text = time === null ? t('note.destroyed.expiredNow') : t('note.destroyed.expired', { time });
      break;
    case 'too_many_attempts':
      text =
        time === null
          ? t('note.destroyed.tooManyAttemptsNow')
          : t('note.destroyed.tooManyAttempts', { time });
      break;
    case 'destroyed_by_sender':
      text =
        time === null ? t('status.reader.destroyedNow') : t('status.reader.destroyed', { time });
      break;
    default:
      return missingCase(reason);
  }
  return (
    <Notice tone="muted" title={t('note.destroyed.title')} data-testid="note-destroyed">
      <p data-reason={reason}>{text}</p>
      <HomeActions create />
    </Notice>
  );
}
