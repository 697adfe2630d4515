import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { Input, Label } from '../../../ui/Field.tsx';
import { CheckIcon, CopyIcon, ShareIcon } from '../../../ui/icons.tsx';
import { Stack } from '../../../ui/layout.ts';
import { QrCode } from '../../../ui/QrCode.tsx';
import { MutedText } from '../../../ui/text.ts';
import { noteLink } from '../createNote.ts';
import type { CreatedNote } from '../createNote.ts';
import { StatusLinkField } from '../create/StatusLinkField.tsx';
import { formatExpiry, useShareLink } from '../create/useShareLink.ts';
import { LinkReachNotice } from '../../../ui/LinkReachNotice.tsx';
import { StepHeading } from './StepHeading.tsx';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

interface ShareStepProps {
  note: CreatedNote;
  onCreateAnother: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * Step 3: the one-time link (its key in the fragment), Copy, Share, a QR code, the sender's own
 * status link, and start over.
 */
export function ShareStep({ note, onCreateAnother, headingRef }: ShareStepProps) {
  const { t, language } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const link = noteLink(note.noteId, note.linkKey);
  const { copied, copy, share } = useShareLink(link, {
    title: tPage('mobile.create.toast.copied.title'),
    description: tPage('mobile.create.toast.copied.body'),
  });

  return (
    <Stack $gap={4} data-testid="mobile-share">
      <StepHeading ref={headingRef} tabIndex={-1}>
        <CheckBadge aria-hidden="true">
          <CheckIcon width={18} height={18} />
        </CheckBadge>
        {t('home.share.title')}
      </StepHeading>
      <MutedText>{t('home.share.intro')}</MutedText>

      <div>
        <LinkReachNotice />
        <Label htmlFor="mobile-share-link">{t('home.share.linkLabel')}</Label>
        <LinkInput
          id="mobile-share-link"
          readOnly
          value={link}
          dir="ltr"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="mobile-share-link"
        />
      </div>
      <Buttons>
        <Button $size="large" onClick={() => void copy()}>
          {copied ? <CheckIcon width={18} height={18} /> : <CopyIcon width={18} height={18} />}
          {copied ? t('home.share.copied') : t('home.share.copy')}
        </Button>
        <Button $variant="secondary" $size="large" onClick={() => void share()}>
          <ShareIcon width={18} height={18} />
          {t('home.share.share')}
        </Button>
      </Buttons>
      <MutedText>
        {t('home.share.expires', { date: formatExpiry(language, note.expiresAt) })}
      </MutedText>

      <QrBox>
        <QrCode value={link} label={t('home.share.qrLabel')} size={200} />
        <QrHint>{t('home.share.qrHint')}</QrHint>
      </QrBox>

      <StatusLinkField note={note} />

      <Button $variant="secondary" $size="large" $fullWidth onClick={onCreateAnother}>
        {t('home.share.createAnother')}
      </Button>
    </Stack>
  );
}

const CheckBadge = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  inline-size: 32px;
  block-size: 32px;
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const LinkInput = styled(Input)`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.md};
  /* The URL reads left to right in every language. */
  text-align: left;
`;

const Buttons = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space[2.5]};

  /* Two side by side even at 320 px: a long label wraps inside its button. */
  button {
    padding-inline: ${space[3]};
    white-space: normal;
  }
`;

const QrBox = styled.figure`
  display: grid;
  justify-items: center;
  gap: ${space[2]};
  margin: 0;
  padding-block: ${space[2]};
`;

const QrHint = styled.figcaption`
  max-inline-size: 260px;
  font-size: ${fontSize.xs};
  text-align: center;
  color: ${({ theme }) => theme.color.textSubtle};
`;
