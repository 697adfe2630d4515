import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from '../../../ui/Button.tsx';
import { CloseIcon } from '../../../ui/icons.tsx';
import { Row, Stack } from '../../../ui/layout.ts';
import { NOTE_IMAGE_TYPES } from '../images.ts';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

export interface Attachment {
  id: number;
  /** Already stripped of metadata: this is exactly what gets encrypted. */
  file: File;
  /** Object URL of `file` for the thumbnail; revoked by the owner when removed. */
  url: string;
}

interface ImageAttachmentsProps {
  attachments: Attachment[];
  max: number;
  maxMegabytes: number;
  disabled: boolean;
  busy: boolean;
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
}

export function ImageAttachments({
  attachments,
  max,
  maxMegabytes,
  disabled,
  busy,
  error,
  onAdd,
  onRemove,
}: ImageAttachmentsProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const full = attachments.length >= max;

  return (
    <Stack
      $gap={2}
      role="group"
      aria-labelledby="note-images-label"
      aria-describedby="note-images-hint"
    >
      <Row $align="baseline" $justify="between" $wrap={false}>
        <GroupLabel id="note-images-label">{t('home.form.imagesLabel')}</GroupLabel>
        <Count>{t('home.form.imagesCount', { used: attachments.length, max })}</Count>
      </Row>
      <Hint id="note-images-hint">{t('home.form.imagesHint', { max, size: maxMegabytes })}</Hint>
      <Row $gap={2.5}>
        {attachments.map((attachment) => (
          <Thumb key={attachment.id}>
            <img src={attachment.url} alt={attachment.file.name} />
            <RemoveButton
              aria-label={t('home.form.removeImage', { name: attachment.file.name })}
              onClick={() => onRemove(attachment.id)}
              disabled={disabled}
            >
              <CloseIcon width="16" height="16" />
            </RemoveButton>
          </Thumb>
        ))}
        {full ? null : (
          <AddButton
            type="button"
            onClick={() => inputRef.current?.click()}
            disabled={disabled || busy}
            aria-busy={busy}
          >
            <span aria-hidden="true">+</span>
            {busy ? t('home.form.addingImages') : t('home.form.addImages')}
          </AddButton>
        )}
      </Row>
      <HiddenInput
        ref={inputRef}
        type="file"
        accept={NOTE_IMAGE_TYPES.join(',')}
        multiple
        tabIndex={-1}
        aria-hidden="true"
        data-testid="note-images-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared so choosing the same file again fires another change.
          event.currentTarget.value = '';
          if (files.length > 0) onAdd(files);
        }}
      />
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
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

const tileSize = '84px';

const Thumb = styled.div`
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
