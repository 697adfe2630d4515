import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ContentField } from '../create/ContentField.tsx';
import { contentProblem } from '../create/noteFormValidation.ts';

interface MessageEditorProps {
  open: boolean;
  /** The saved message the editor starts from each time it opens. */
  message: string;
  onSave: (message: string) => void;
  onCancel: () => void;
}

/**
 * The full-screen editor of the write step (seed §2): Save keeps the text, Cancel (or the
 * back gesture / Escape) throws the changes away.
 */
export function MessageEditor({ open, message, onSave, onCancel }: MessageEditorProps) {
  const { t: tPage } = useTranslation('pages');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState(message);
  const [wasOpen, setWasOpen] = useState(open);

  // Each opening starts again from the saved message (state that follows a prop, set while
  // rendering as React recommends).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(message);
  }

  // Saved even when too long (nothing typed is lost); the write step then holds it back.
  const tooLong = contentProblem(draft) === 'tooLong';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={tPage('mobile.create.editor.title')}
      placement="fullscreen"
      initialFocusRef={textareaRef}
      actions={
        <>
          <Button $variant="secondary" onClick={onCancel}>
            {tPage('mobile.create.editor.cancel')}
          </Button>
          <Button onClick={() => onSave(draft)}>{tPage('mobile.create.editor.save')}</Button>
        </>
      }
    >
      <Body>
        <ContentField
          ref={textareaRef}
          value={draft}
          problem={tooLong ? 'tooLong' : undefined}
          disabled={false}
          onChange={setDraft}
        />
      </Body>
    </Dialog>
  );
}

const Body = styled.div`
  /* The text area takes the screen's height that the header, counter and keyboard leave. */
  textarea {
    min-block-size: max(160px, calc(100dvh - 240px));
    resize: none;
  }
`;
