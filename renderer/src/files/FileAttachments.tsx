import { useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../shared/errors.ts';
import { NOTE_MAX_FILES, NOTE_MAX_IMAGE_BYTES } from '../../../shared/limits.ts';
import { formatBytes } from '../i18n/formatBytes.ts';
import { IconButton } from '../ui/Button.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import { Row, Stack } from '../ui/layout.ts';
import { fontSize, radius, space } from '../ui/tokens.ts';
import type { AttachmentIssue } from './attachmentRules.ts';
import type { FileAttachmentsHandle } from './useFileAttachments.ts';

interface FileAttachmentsProps {
  handle: FileAttachmentsHandle;
  disabled: boolean;
  /** What the last choice of files could not attach, and why. */
  issues: AttachmentIssue[];
  onIssues: (issues: AttachmentIssue[]) => void;
}

/** The files going with a note: images as thumbnails, others by name and size. */
export function FileAttachments({ handle, disabled, issues, onIssues }: FileAttachmentsProps) {
  const { t, language } = useTranslation();
  const { attachments, maxBytes, adding: busy } = handle;
  const error = issues.map((issue) => issueText(issue)).join(' ');

  function issueText(issue: AttachmentIssue): string {
    switch (issue.problem) {
      case 'tooMany':
        return t('home.validation.tooManyFiles', { max: NOTE_MAX_FILES });
      case 'overLimit':
        return t('home.validation.filesTooLarge', {
          name: issue.name,
          size: formatBytes(maxBytes, language),
        });
      case 'unsupportedType':
        return t('home.validation.imageNotCleanable', { name: issue.name });
      case 'tooLarge':
        return t('home.validation.imageTooLarge', {
          name: issue.name,
          size: formatBytes(NOTE_MAX_IMAGE_BYTES, language),
        });
      case 'unreadable':
        return t('home.validation.imageUnreadable', { name: issue.name });
      default:
        return missingCase(issue);
    }
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const full = attachments.length >= NOTE_MAX_FILES;
  const used = attachments.reduce((sum, attachment) => sum + attachment.file.size, 0);

  return (
    <Stack
      $gap={2}
      role="group"
      aria-labelledby="note-files-label"
      aria-describedby="note-files-hint"
    >
      <Row $align="baseline" $justify="between" $wrap={false}>
        <GroupLabel id="note-files-label">{t('home.form.filesLabel')}</GroupLabel>
        <Count>
          {t('home.form.filesCount', {
            used: formatBytes(used, language),
            max: formatBytes(maxBytes, language),
          })}
        </Count>
      </Row>
      <Hint id="note-files-hint">
        {t('home.form.filesHint', { max: NOTE_MAX_FILES, size: formatBytes(maxBytes, language) })}
      </Hint>
      <Row $gap={2.5}>
        {attachments.map((attachment) => (
          <Tile key={attachment.id} data-testid="note-attachment">
            {attachment.thumbnailUrl === null ? (
              <FileLabel dir="auto">
                <span>{attachment.file.name}</span>
                <small>{formatBytes(attachment.file.size, language)}</small>
              </FileLabel>
            ) : (
              <img src={attachment.thumbnailUrl} alt={attachment.file.name} />
            )}
            <RemoveButton
              aria-label={t('home.form.removeFile', { name: attachment.file.name })}
              onClick={() => {
                handle.remove(attachment.id);
                onIssues([]);
              }}
              disabled={disabled}
            >
              <CloseIcon width="16" height="16" />
            </RemoveButton>
          </Tile>
        ))}
        {full ? null : (
          <AddButton
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={disabled || busy}
            aria-busy={busy}
          >
            <span aria-hidden="true">+</span>
            {busy ? t('home.form.addingFiles') : t('home.form.addFiles')}
          </AddButton>
        )}
      </Row>
      <HiddenInput
        ref={inputRef}
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="note-files-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared so choosing the same file again fires another change.
          event.currentTarget.value = '';
          if (files.length > 0) void handle.add(files).then(onIssues);
        }}
      />
      {error === '' ? null : <ErrorText role="alert">{error}</ErrorText>}
    </Stack>
  );
}

const GroupLabel = styled.span`
  font-size: ${fontSize.md};
  font-weight: 600;
`;

const Count = styled.span`
  font-size: ${fontSize.sm};
  color: ${({ theme }) => theme.color.textSubtle};
  font-variant-numeric: tabular-nums;
`;

const Hint = styled.p`
  font-size: ${fontSize.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const tileSize = '96px';

const Tile = styled.div`
  position: relative;
  inline-size: ${tileSize};
  block-size: ${tileSize};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.small};
  overflow: hidden;
  background: ${({ theme }) => theme.color.surfaceHover};

  img {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
`;

/** A file that is not an image: its name, cut to fit, and its size. */
const FileLabel = styled.p`
  display: grid;
  align-content: end;
  block-size: 100%;
  padding: ${space[1.5]};
  font-size: ${fontSize.xs};
  line-height: 1.2;
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;

  span {
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const RemoveButton = styled(IconButton)`
  position: absolute;
  inset-block-start: ${space[1]};
  inset-inline-end: ${space[1]};
  min-block-size: 28px;
  min-inline-size: 28px;
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.backdrop};
  color: ${({ theme }) => theme.color.text};
`;

const AddButton = styled.button`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space[0.5]};
  inline-size: ${tileSize};
  block-size: ${tileSize};
  padding: ${space[1.5]};
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.small};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.xs};
  line-height: 1.2;
  cursor: pointer;

  span {
    font-size: ${fontSize['2xl']};
    line-height: 1;
  }

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const HiddenInput = styled.input`
  display: none;
`;

const ErrorText = styled.p`
  font-size: ${fontSize.sm};
  font-weight: 500;
  color: ${({ theme }) => theme.color.danger};
`;
