import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/layout.ts';
import { DOCUMENT_NAMES, DocumentDialogBody } from './DocumentDialog.tsx';
import type { DocumentName } from './DocumentDialog.tsx';
import { Section, Title } from './HomeFeatureCards.tsx';

/** Buttons opening the features, security, privacy and terms documents in dialogs (spec §2). */
export function HomeDocuments() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<DocumentName | null>(null);
  // Keeps the last document's title while the dialog closes.
  const [shown, setShown] = useState<DocumentName>('features');

  return (
    <Section aria-labelledby="home-documents-title">
      <Title id="home-documents-title">{t('home.documents.title')}</Title>
      <Intro>{t('home.documents.intro')}</Intro>
      <Row $gap={2.5} $justify="center">
        {DOCUMENT_NAMES.map((name) => (
          <Button
            key={name}
            $variant="secondary"
            aria-haspopup="dialog"
            onClick={() => {
              setShown(name);
              setOpen(name);
            }}
          >
            {t(`${name}.title`)}
          </Button>
        ))}
      </Row>
      <Dialog
        open={open !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpen(null);
        }}
        title={t(`${shown}.title`)}
        description={t(`${shown}.intro`)}
      >
        {open ? <DocumentDialogBody name={open} /> : null}
      </Dialog>
    </Section>
  );
}

const Intro = styled.p`
  max-inline-size: 620px;
  margin-inline: auto;
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;
