import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { Label } from '../../../ui/Field.tsx';
import { QrCode } from '../../../ui/QrCode.tsx';
import { noteLink } from '../createNote.ts';
import { LinkReachNotice } from '../../../ui/LinkReachNotice.tsx';
import type { CreatedNote } from '../createdNote.ts';
import { LinkInput, LinkRow } from './linkStyles.ts';
import { StatusLinkField } from './StatusLinkField.tsx';
import { formatExpiry, useShareLink } from './useShareLink.ts';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

/**
 * After creation: the one-time link (with its key), ways to pass it on, when it expires, and the
 * sender's own status link.
 */
export function SharePanel({
  note,
  onCreateAnother,
}: {
  note: CreatedNote;
  onCreateAnother: () => void;
}) {
  const { t, language } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const link = noteLink(note.noteId, note.linkKey);
  const { copied, copy, share } = useShareLink(link, { title: t('home.toast.copied') });
  const expires = formatExpiry(language, note.expiresAt);

  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Panel aria-labelledby="share-title" data-testid="share-panel">
      <Heading id="share-title" ref={headingRef} tabIndex={-1}>
        <CheckBadge aria-hidden="true">
          <CheckIcon />
        </CheckBadge>
        {t('home.share.title')}
      </Heading>
      <Intro>{t('home.share.intro')}</Intro>
      <Body>
        <Main>
          <LinkReachNotice />
          <Label htmlFor="share-link">{t('home.share.linkLabel')}</Label>
          <LinkRow>
            <LinkInput
              id="share-link"
              readOnly
              value={link}
              dir="ltr"
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="share-link"
            />
            <Button onClick={() => void copy()} $variant="primary">
              {copied ? <CheckIcon width="18" height="18" /> : null}
              {copied ? t('home.share.copied') : t('home.share.copy')}
            </Button>
          </LinkRow>
          <Expiry>{t('home.share.expires', { date: expires })}</Expiry>
          <StatusLinkField note={note} />
          <Buttons>
            <Button $variant="secondary" onClick={() => void share()}>
              {t('home.share.share')}
            </Button>
            <Button $variant="ghost" onClick={onCreateAnother}>
              {t('home.share.createAnother')}
            </Button>
          </Buttons>
        </Main>
        <QrBox>
          <QrCode value={link} label={t('home.share.qrLabel')} size={168} />
          <QrHint>{t('home.share.qrHint')}</QrHint>
        </QrBox>
      </Body>
    </Panel>
  );
}

const Panel = styled.section`
  padding: ${space[7]};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.large};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    padding: ${space[4.5]};
  }
`;

const Heading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${space[3]};
  font-size: ${fontSize['2xl']};
  font-weight: 700;

  &:focus {
    outline: none;
  }
`;

const CheckBadge = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  inline-size: 34px;
  block-size: 34px;
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const Intro = styled.p`
  margin-block: ${space[2.5]} ${space[5]};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${space[7]};
  align-items: start;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Main = styled.div`
  min-inline-size: 0;
`;

const Expiry = styled.p`
  margin-block-start: ${space[3]};
  font-size: ${fontSize.md};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[2.5]};
  margin-block-start: ${space[5]};
`;

const QrBox = styled.figure`
  display: grid;
  justify-items: center;
  gap: ${space[2]};
  margin: 0;
  max-inline-size: 200px;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    justify-self: center;
  }
`;

const QrHint = styled.figcaption`
  font-size: ${fontSize.xs};
  text-align: center;
  color: ${({ theme }) => theme.color.textSubtle};
`;
