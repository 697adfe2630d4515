import { useRef, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { LanguageCode } from '../../../../../shared/languages.ts';
import type { NoteExpiration } from '../../../../../shared/limits.ts';
import { useToast } from '../../../ui/toast/index.ts';
import type { CreatedNote } from '../createdNote.ts';
import type { NoteFormAction, NoteFormState } from './noteFormState.ts';
import { sendNote } from './sendNote.ts';
import { validateNote } from './noteFormValidation.ts';

interface SubmitOptions {
  state: NoteFormState;
  /** The life to send: the chosen one as this server offers it (offeredChoice). */
  expiration: NoteExpiration;
  dispatch: (action: NoteFormAction) => void;
  /** Files of any kind (images free of metadata), in the order they were attached. */
  files: File[];
  busy: boolean;
  /** Whether a read receipt goes with the note (asked for, and this server can send mail). */
  receipt: boolean;
  language: LanguageCode;
  focus: { content: RefObject<HTMLElement | null>; email: RefObject<HTMLElement | null> };
  onCreated: (note: CreatedNote) => void;
}

/**
 * The form's submit: checks, encrypts and uploads (createNote), then says how it went. Bad
 * input sends nothing and moves focus to the field to fix. `cancel` stops a send under way
 * (files take a while): nothing becomes readable.
 */
export function useSubmitNote(options: SubmitOptions) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const sending = useRef<AbortController | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { state, dispatch, receipt, focus } = options;
    if (state.pending || options.busy) return;
    const problems = validateNote({
      content: state.content,
      receiptEmail: receipt ? state.email : null,
      hasFiles: options.files.length > 0,
    });
    if (problems.content || problems.email) {
      dispatch({ type: 'invalid', problems });
      if (problems.content === 'required') {
        toast({
          title: t('home.validation.contentRequiredTitle'),
          description: t('home.validation.contentRequired'),
          variant: 'destructive',
        });
      }
      (problems.content ? focus.content : focus.email).current?.focus();
      return;
    }

    dispatch({ type: 'submitting' });
    const controller = new AbortController();
    sending.current = controller;
    const sent = await sendNote(
      {
        content: state.content,
        password: state.password,
        expiration: options.expiration,
        receipt: receipt
          ? { email: state.email.trim(), language: options.language, reference: state.reference }
          : null,
        files: options.files,
      },
      (fraction) => dispatch({ type: 'progress', fraction }),
      controller.signal,
    );
    sending.current = null;
    if (sent.ok) {
      toast({ title: t('home.toast.created'), description: t('home.toast.createdDescription') });
      dispatch({ type: 'created' });
      options.onCreated(sent.note);
    } else if (controller.signal.aborted) {
      dispatch({ type: 'failed' });
      toast({
        title: t('home.toast.cancelled'),
        description: t('home.toast.cancelledDescription'),
      });
    } else {
      const key = sent.errorKey;
      dispatch({
        type: 'failed',
        email:
          key === 'errors.invalidEmail'
            ? 'invalid'
            : key === 'errors.readReceiptLimit'
              ? 'receiptLimit'
              : undefined,
      });
      toast({ title: t('home.toast.createFailed'), description: t(key), variant: 'destructive' });
    }
  }

  return { submit, cancel: () => sending.current?.abort() };
}
