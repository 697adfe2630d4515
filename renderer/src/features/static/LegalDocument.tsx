import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { DocumentText } from '../../ui/DocumentText.tsx';
import type { HeadingLevel } from './DocumentCards.tsx';
import { documentDate } from './documentDates.ts';
import type { DatedDocument } from './documentDates.ts';
import { fontSize, space } from '../../ui/tokens.ts';

export interface LegalSection {
  title: string;
  body: string;
}

interface LegalDocumentProps {
  document: DatedDocument;
  sections: LegalSection[];
  headingLevel: HeadingLevel;
}

/** A dated document of numbered sections: the privacy policy and the terms. */
export function LegalDocument({ document, sections, headingLevel }: LegalDocumentProps) {
  const { t } = useTranslation();
  return (
    <Wrapper>
      <Dated>
        {t('documents.lastModified', {
          date: documentDate(document),
          formatParams: { date: { dateStyle: 'long', timeZone: 'UTC' } },
        })}
      </Dated>
      <Sections>
        {sections.map((section, index) => (
          <li key={index}>
            <SectionTitle as={`h${headingLevel}`}>
              {t('documents.sectionTitle', { number: index + 1, title: section.title })}
            </SectionTitle>
            <DocumentText text={section.body} />
          </li>
        ))}
      </Sections>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[7]};
  text-align: start;
`;

const Dated = styled.p`
  color: ${({ theme }) => theme.color.textSubtle};
  font-size: ${fontSize.md};
`;

/** Numbered by the headings themselves, so the number is read with the title. */
const Sections = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${space[7]};
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    display: flex;
    flex-direction: column;
    gap: ${space[2.5]};
  }
`;

const SectionTitle = styled.h2`
  font-size: ${fontSize.xl};
  font-weight: 650;
`;
