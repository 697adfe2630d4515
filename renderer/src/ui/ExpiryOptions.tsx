import { useTranslation } from '../i18n/useTranslation.ts';
import type { NoteExpiration } from '../../../shared/limits.ts';

/** A select's options for the lives offered: a note's, and a request's (whose answer is one). */
export function ExpiryOptions({ lives }: { lives: readonly NoteExpiration[] }) {
  const { t } = useTranslation();
  return lives.map((life) => (
    <option key={life} value={life}>
      {t(`home.form.expiration.${life}`)}
    </option>
  ));
}
