import { useState } from 'react';
import type { Ref } from 'react';
import { numberFormat } from '../../../i18n/translate.ts';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../../../shared/errors.ts';
import { NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';
import { Button } from '../../../ui/Button.tsx';
import { FieldError, Label } from '../../../ui/Field.tsx';
import { PenIcon } from '../../../ui/icons.tsx';
import { Stack } from '../../../ui/layout.ts';
import { useToast } from '../../../ui/toast/index.ts';
import { FileAttachments } from '../../../files/FileAttachments.tsx';
import type { AttachmentIssue } from '../../../files/attachmentRules.ts';
import type { FileAttachmentsHandle } from '../../../files/useFileAttachments.ts';
import { contentProblem } from '../create/noteFormValidation.ts';
import { MessageEditor } from './MessageEditor.tsx';
import type { MobileNoteAction, MobileNoteState } from './mobileNoteFlow.ts';
import { StepHeading } from './StepHeading.tsx';
import { fontSize, radius, space } from '../../../ui/tokens.ts';
import { useId } from '../../../ui/ids.tsx';

interface WriteStepProps {
  state: MobileNoteState;
  dispatch: (action: MobileNoteAction) => void;
  headingRef: Ref<HTMLHeadingElement>;
  files: FileAttachmentsHandle;
}

/** Step 1: the message, written in a full-screen editor, and files; Continue needs one of them. */
export function WriteStep({ state, dispatch, headingRef, files }: WriteStepProps) {
  const { t, language } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const number = numberFormat(language);
  const errorId = useId();
  const [fileIssues, setFileIssues] = useState<AttachmentIssue[]>([]);
  const hasFiles = files.attachments.length > 0;
  const problem = contentProblem(state.message, hasFiles);
  const hasText = state.message.trim() !== '';

  function continueToSecurity() {
    switch (problem) {
      case undefined:
        dispatch({ type: 'continue', hasFiles });
        return;
      case 'required':
        toast({
          title: tPage('mobile.create.required.title'),
          description: tPage('mobile.create.required.body'),
          variant: 'destructive',
        });
        return;
      case 'tooLong':
        // The reason is already on screen, under the message.
        setEditing(true);
        return;
      default:
        missingCase(problem);
    }
  }

  return (
    <Stack $gap={3.5}>
      <StepHeading ref={headingRef} tabIndex={-1}>
        {tPage('mobile.create.write.title')}
      </StepHeading>
      <div>
        <Label as="p">{tPage('mobile.create.write.messageLabel')}</Label>
        {/* The card shows the message; its button (stretched over the card) opens the editor. */}
        <MessageCard data-invalid={problem === 'tooLong'} data-testid="mobile-message">
          {hasText ? (
            <Preview dir="auto">{state.message}</Preview>
          ) : (
            <Placeholder>{tPage('mobile.create.write.placeholder')}</Placeholder>
          )}
          <EditLine>
            <EditButton
              type="button"
              onClick={() => setEditing(true)}
              aria-describedby={problem === 'tooLong' ? errorId : undefined}
            >
              <PenIcon width={16} height={16} />
              {hasText ? tPage('mobile.create.write.edit') : tPage('mobile.create.write.start')}
            </EditButton>
            <Count>
              {t('home.form.counter', {
                used: number.format(state.message.length),
                max: number.format(NOTE_MAX_CHARS),
              })}
            </Count>
          </EditLine>
        </MessageCard>
        {problem === 'tooLong' ? (
          <FieldError id={errorId}>
            {t('home.validation.contentTooLong', { max: number.format(NOTE_MAX_CHARS) })}
          </FieldError>
        ) : null}
      </div>
      <FileAttachments
        handle={files}
        disabled={false}
        issues={fileIssues}
        onIssues={setFileIssues}
      />
      <Button
        $size="large"
        $fullWidth
        aria-disabled={problem !== undefined || files.adding}
        onClick={continueToSecurity}
      >
        {tPage('mobile.create.write.continue')}
      </Button>
      <MessageEditor
        open={editing}
        message={state.message}
        onSave={(value) => {
          dispatch({ type: 'message', value });
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    </Stack>
  );
}

const MessageCard = styled.div`
  position: relative;
  display: grid;
  gap: ${space[3]};
  min-block-size: 148px;
  padding: ${space[4]};
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.background};
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.color.textSubtle};
  }

  &:has(button:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  &[data-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

/** Its ::after covers the whole card, so a tap anywhere on the message opens the editor. */
const EditButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space[1.5]};
  min-block-size: 44px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: ${fontSize.md};
  font-weight: 600;
  cursor: pointer;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }

  &:focus-visible {
    outline: none;
  }
`;

const Preview = styled.p`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 6;
  overflow: hidden;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.5;
`;

const Placeholder = styled.p`
  align-self: center;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const EditLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  align-self: end;
  gap: ${space[1.5]};
`;

const Count = styled.span`
  margin-inline-start: auto;
  font-size: ${fontSize.xs};
  font-weight: 500;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.color.textSubtle};
`;
