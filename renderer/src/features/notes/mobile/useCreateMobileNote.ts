import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { NoteExpiration } from '../../../../../shared/limits.ts';
import { useToast } from '../../../ui/toast/index.ts';
import type { FileAttachmentsHandle } from '../../../files/useFileAttachments.ts';
import { sendNote } from '../create/sendNote.ts';
import { effectivePassword } from './mobileNoteFlow.ts';
import type { MobileNoteAction, MobileNoteState } from './mobileNoteFlow.ts';

/**
 * The security step's submit: the web form's way of sending a note (sendNote), so a note made
 * here opens on the web and in the desktop app. A switched-on password must not be empty: the
 * person asked for one, so sending none would be a surprise.
 */
export function useCreateMobileNote(
  state: MobileNoteState,
  /** The chosen life as this server offers it (offeredChoice). */
  expiration: NoteExpiration,
  dispatch: (action: MobileNoteAction) => void,
  passwordRef: RefObject<HTMLInputElement | null>,
  files: FileAttachmentsHandle,
) {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const { toast } = useToast();

  return async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.pending) return;
    if (state.passwordOn && state.password === '') {
      dispatch({ type: 'passwordMissing' });
      passwordRef.current?.focus();
      return;
    }

    dispatch({ type: 'submitting' });
    const sent = await sendNote(
      {
        content: state.message,
        password: effectivePassword(state),
        expiration,
        receipt: null,
        files: files.attachments.map((attachment) => attachment.file),
      },
      (fraction) => dispatch({ type: 'progress', fraction }),
      // The web form offers a cancel; this step keeps to its one button (seed §4).
      new AbortController().signal,
    );
    if (sent.ok) {
      files.clear();
      dispatch({ type: 'created', note: sent.note });
      toast({
        title: tPage('mobile.create.toast.created.title'),
        description: tPage('mobile.create.toast.created.body'),
      });
    } else {
      dispatch({ type: 'failed' });
      toast({
        title: t('home.toast.createFailed'),
        description: t(sent.errorKey),
        variant: 'destructive',
      });
    }
  };
}
