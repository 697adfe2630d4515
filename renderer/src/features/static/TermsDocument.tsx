import { useTranslation } from 'react-i18next';
import type { DocumentProps } from './DocumentCards.tsx';
import { LegalDocument } from './LegalDocument.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';

/** The twelve sections of the terms, in order. */
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
