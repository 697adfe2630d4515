import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { FieldHint, Label } from '../../../ui/Field.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { useCopyFeedback } from '../../../ui/useCopyFeedback.ts';
import { radius, space } from '../../../ui/tokens.ts';
import { statusLink } from '../createNote.ts';
import type { CreatedNote } from '../createdNote.ts';
import { LinkInput, LinkRow } from './linkStyles.ts';
import { useId } from '../../../ui/ids.tsx';

/**
 * The sender's private status link, shown once beside the share link and set apart from it: it
 * tells whether the note was read and can destroy it, never open it, and is not for the reader.
 * Copying it is not counted (unlike the share link), and there is no Share button: it goes to
 * the sender's own notes, not to a contact.
 */
export function StatusLinkField({ note }: { note: Pick<CreatedNote, 'noteId' | 'statusKey'> }) {
  const { t } = useTranslation();
  const ids = useId();
  const link = statusLink(note.noteId, note.statusKey);
  const { copied, copy } = useCopyFeedback();

  return (
    <Box data-testid="status-link-box">
      <Label htmlFor={`${ids}-link`}>{t('status.share.title')}</Label>
      <FieldHint id={`${ids}-hint`}>{t('status.share.hint')}</FieldHint>
      <LinkRow>
        <LinkInput
          id={`${ids}-link`}
          readOnly
          value={link}
          dir="ltr"
          spellCheck={false}
          aria-describedby={`${ids}-hint`}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="status-link"
        />
        <Button
          $variant="secondary"
          onClick={() =>
            void copy(link, {
              done: { title: t('status.share.copied') },
              failed: {
                title: t('home.toast.copyFailed'),
                description: t('home.toast.copyFailedDescription'),
              },
            })
          }
        >
          {copied ? <CheckIcon width="18" height="18" /> : null}
          {copied ? t('status.share.copied') : t('status.share.copy')}
        </Button>
      </LinkRow>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${space[2]};
  margin-block-start: ${space[5]};
  padding: ${space[4]};
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.medium};
`;
