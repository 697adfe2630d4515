import { useTranslation } from '../../i18n/useTranslation.ts';
import type { DocumentProps } from './DocumentCards.tsx';
import { LegalDocument } from './LegalDocument.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';

/**
 * The twelve sections of the terms, in order. The numbers in them are the shared constants
 * (i18n/documentValues.ts), and the sections that promise behaviour are held by tests:
 * - age: renderer/e2e/site.e2e.test.ts ("age gate": asked in the desktop app and on iPhones,
 *   under 17 restricted for good).
 * - limits: backend/src/notes/notes.test.ts ("validates bodies with field errors and enforces
 *   size limits with 413", "answers 429 with Retry-After past the limit…"),
 *   backend/src/notes/note-files.test.ts ("refuses files over the size limit, with the limit,
 *   and more than ten files, storing nothing"), backend/src/requests/requests.test.ts ("refuses
 *   an answer whose files are larger than the server takes…"), backend/src/chat/chat.test.ts
 *   ("validates the duration…", "gives exactly two of six simultaneous joiners a seat"),
 *   renderer/src/features/chat/chatText.test.ts (the message length).
 * - deletion: backend/src/notes/notes.test.ts ("reads once with the proof, then shows a
 *   tombstone", "destroys a note after ten wrong proofs…", "sweeps expired notes…"), its files:
 *   backend/src/notes/note-files.test.ts ("deletes the chunks with the note on Destroy now,
 *   expiry and too many wrong passwords", "keeps a read note’s files for an hour for its reader,
 *   then sweeps them"), backend/src/chat/chat.test.ts ("sends time_update from the database
 *   clock and ends the room for everyone at expiry", "has no column that could hold a message").
 * - responsibility, reports: a note opens once for whoever holds its link and cannot be read by
 *   the server: backend/src/notes/zero-knowledge.test.ts.
 * The others (agreement, service, acceptableUse, warranty, liability, selfHosting, changes) are
 * commitments of the operator, not behaviour of the code; the answer time in "changes" is
 * POLICY_FACTS in i18n/documentValues.ts.
 */
const TERMS_SECTIONS = [
  'agreement',
  'age',
  'service',
  'responsibility',
  'acceptableUse',
  'limits',
  'deletion',
  'reports',
  'warranty',
  'liability',
  'selfHosting',
  'changes',
] as const;

/** The terms of service: the /terms page and the home page's dialog show this. */
export function TermsDocument({ headingLevel }: DocumentProps) {
  const { t } = useTranslation('pages');
  const values = useDocumentValues();
  return (
    <LegalDocument
      document="terms"
      headingLevel={headingLevel}
      sections={TERMS_SECTIONS.map((id) => ({
        title: t(`terms.sections.${id}.title`),
        body: t(`terms.sections.${id}.body`, values),
      }))}
    />
  );
}
