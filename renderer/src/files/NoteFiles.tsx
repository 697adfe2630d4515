import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../shared/errors.ts';
import type { FileMeta } from '../../../shared/crypto/index.ts';
import { formatBytes } from '../i18n/formatBytes.ts';
import { Button, buttonStyles } from '../ui/Button.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { Row, Stack } from '../ui/layout.ts';
import { fontSize, radius, space } from '../ui/tokens.ts';
import type { FilesAccess } from './fileCalls.ts';
import { useNoteFiles, type FileProblem, type ShownFile } from './useNoteFiles.ts';

interface NoteFilesProps {
  access: FilesAccess;
  /** Opened with the note; stable for the component's life. */
  metas: readonly FileMeta[];
}

/** A read note's (or answer's) files: images shown, every file saved on request. */
export function NoteFiles({ access, metas }: NoteFilesProps) {
  const { t, language } = useTranslation();
  const { files, save, cancel } = useNoteFiles(access, metas);

  function problemText(problem: FileProblem): string {
    switch (problem) {
      case 'tampered':
        return t('note.files.tampered');
      case 'gone':
        return t('note.files.gone');
      case 'network':
        return t('note.files.network');
      case 'write':
        return t('note.files.writeFailed');
      default:
        return missingCase(problem);
    }
  }

  return (
    <Stack $gap={3} as="section" aria-labelledby="note-files-title" data-testid="note-files">
      <FilesTitle id="note-files-title">{t('note.files.title')}</FilesTitle>
      <Hint>{t('note.files.hint')}</Hint>
      <List>
        {files.map((file, index) => (
          <Item key={index} data-testid="note-file" data-status={file.status.kind}>
            {file.previewUrl === null ? null : (
              <Preview
                src={file.previewUrl}
                alt={t('note.viewer.imageAlt', { number: index + 1 })}
              />
            )}
            <Row $justify="between" $align="center">
              <Stack $gap={0.5}>
                <Name dir="auto">{file.name}</Name>
                <Size>{formatBytes(file.size, language)}</Size>
              </Stack>
              <FileAction
                file={file}
                onSave={() => void save(index)}
                onCancel={() => cancel(index)}
              />
            </Row>
            {file.status.kind === 'saving' ? (
              <ProgressBar
                thin
                value={file.status.percent / 100}
                label={t('note.files.progress', { name: file.name })}
              />
            ) : null}
            {file.status.kind === 'failed' ? (
              <Problem role="alert">{problemText(file.status.problem)}</Problem>
            ) : null}
          </Item>
        ))}
      </List>
    </Stack>
  );
}

interface FileActionProps {
  file: ShownFile;
  onSave: () => void;
  onCancel: () => void;
}

function FileAction({ file, onSave, onCancel }: FileActionProps) {
  const { t } = useTranslation();
  const { status } = file;
  if (status.kind === 'saving') {
    return (
      <Button
        $variant="secondary"
        onClick={onCancel}
        aria-label={t('note.files.cancelNamed', { name: file.name })}
      >
        {t('note.files.cancel')}
      </Button>
    );
  }
  // A shown image is already here: its download needs no second fetch.
  if (file.previewUrl !== null) {
    return (
      <DownloadLink
        href={file.previewUrl}
        download={file.name}
        $variant="secondary"
        aria-label={t('note.files.saveNamed', { name: file.name })}
      >
        {t('note.files.save')}
      </DownloadLink>
    );
  }
  if (status.kind === 'saved') return <Saved>{t('note.files.saved')}</Saved>;
  // Gone from the server: saving again cannot work.
  if (status.kind === 'failed' && status.problem === 'gone') return null;
  return (
    <Button
      $variant="secondary"
      onClick={onSave}
      aria-label={t('note.files.saveNamed', { name: file.name })}
    >
      {status.kind === 'failed' ? t('note.files.retry') : t('note.files.save')}
    </Button>
  );
}

const FilesTitle = styled.h3`
  font-size: ${fontSize.base};
  font-weight: 650;
  color: ${({ theme }) => theme.color.text};
`;

const Hint = styled.p`
  font-size: ${fontSize.sm};
`;

const List = styled.ul`
  display: grid;
  gap: ${space[2.5]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${space[2]};
  padding: ${space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.small};
  background: ${({ theme }) => theme.color.background};
`;

const Preview = styled.img`
  display: block;
  inline-size: 100%;
  max-block-size: 320px;
  object-fit: contain;
`;

const Name = styled.span`
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  overflow-wrap: anywhere;
  unicode-bidi: isolate;
`;

const Size = styled.span`
  font-size: ${fontSize.sm};
  font-variant-numeric: tabular-nums;
`;

const Saved = styled.span`
  font-size: ${fontSize.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const Problem = styled.p`
  font-size: ${fontSize.sm};
  font-weight: 500;
  color: ${({ theme }) => theme.color.danger};
`;

const DownloadLink = styled.a<{ $variant?: 'secondary' }>`
  ${buttonStyles}
`;
