import { Suspense } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button, buttonStyles } from '../../../ui/Button.tsx';
import { Row, Stack, sectionPadding } from '../../../ui/layout.ts';
import { useCopyFeedback } from '../../../ui/useCopyFeedback.ts';
import { useContentProtection } from '../../../platform/useContentProtection.ts';
import { HomeActions } from '../../../ui/Notice.tsx';
import { LazyNoteFiles } from '../../../files/lazyNoteFiles.ts';
import type { OpenedFiles } from '../../../files/fileCalls.ts';
import type { ShownImage } from './viewerState.ts';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

interface RevealedViewProps {
  text: string;
  images: ShownImage[];
  skipped: number;
  files: OpenedFiles | null;
}

/** The decrypted note, already gone from the server: copy it, download its images, save its files. */
export function RevealedView({ text, images, skipped, files }: RevealedViewProps) {
  const { t } = useTranslation();
  const { copied, copy: copyText } = useCopyFeedback();
  // No screenshots or screen sharing of the note while it is shown (desktop app).
  useContentProtection(true);

  function copy() {
    return copyText(
      text,
      {
        done: { title: t('note.viewer.copiedToast') },
        failed: { title: t('note.viewer.copyFailed') },
      },
      // The desktop app clears the note from the clipboard after a while.
      { sensitive: true },
    );
  }

  return (
    <Revealed aria-labelledby="note-content-title">
      <Banner role="status">{t('note.viewer.destroyedBanner')}</Banner>
      <Body>
        <Row $justify="between">
          <ContentTitle id="note-content-title">{t('note.viewer.contentLabel')}</ContentTitle>
          <Button $variant="secondary" onClick={() => void copy()}>
            {copied ? t('note.viewer.copied') : t('note.viewer.copy')}
          </Button>
        </Row>
        <NoteText tabIndex={0} aria-labelledby="note-content-title" data-testid="note-text">
          {text}
        </NoteText>
        {images.length > 0 ? (
          <>
            <ImagesTitle>{t('note.viewer.imagesTitle')}</ImagesTitle>
            <Images>
              {images.map((image, index) => (
                <Figure key={image.url}>
                  <img src={image.url} alt={t('note.viewer.imageAlt', { number: index + 1 })} />
                  <DownloadLink
                    href={image.url}
                    download={image.name}
                    $variant="secondary"
                    aria-label={t('note.viewer.downloadImage', { number: index + 1 })}
                  >
                    {t('note.viewer.download')}
                  </DownloadLink>
                </Figure>
              ))}
            </Images>
          </>
        ) : null}
        {files === null ? null : (
          <Suspense fallback={null}>
            <LazyNoteFiles access={files.access} metas={files.metas} />
          </Suspense>
        )}
        {skipped > 0 ? <Small>{t('note.viewer.unsupportedImage')}</Small> : null}
        <HomeActions create />
      </Body>
    </Revealed>
  );
}

const Revealed = styled.section`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.large};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  overflow: hidden;
`;

const Banner = styled.p`
  padding-block: ${space[3]};
  padding-inline: ${space[5]};
  background: ${({ theme }) => theme.color.destructive};
  color: ${({ theme }) => theme.color.destructiveText};
  font-weight: 600;
`;

const Body = styled(Stack)`
  ${sectionPadding}
`;

const ContentTitle = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: 650;
  color: ${({ theme }) => theme.color.text};
`;

const NoteText = styled.pre`
  margin: 0;
  padding: ${space[4]};
  max-block-size: 60vh;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.small};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.md};
  line-height: 1.6;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  text-align: start;
  unicode-bidi: plaintext;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
  }
`;

const ImagesTitle = styled.h3`
  font-size: ${fontSize.base};
  font-weight: 650;
  color: ${({ theme }) => theme.color.text};
`;

const Images = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${space[3.5]};
`;

const Figure = styled.figure`
  display: grid;
  gap: ${space[2]};
  margin: 0;

  img {
    display: block;
    inline-size: 100%;
    max-block-size: 320px;
    object-fit: contain;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${radius.small};
    background: ${({ theme }) => theme.color.background};
  }
`;

const DownloadLink = styled.a<{ $variant?: 'secondary' }>`
  ${buttonStyles}
`;

const Small = styled.p`
  font-size: ${fontSize.md};
`;
