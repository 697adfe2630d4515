import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/toast/index.ts';
import { createNote } from '../createNote.ts';
import { apiErrorKey } from '../../../api/errorKey.ts';
import { effectivePassword } from './mobileNoteFlow.ts';
import type { MobileNoteAction, MobileNoteState } from './mobileNoteFlow.ts';

/**
 * The security step's submit: the same encryption and upload as the web form (createNote,
 * protocol v1), so a note made here opens on the web and in the desktop app. A switched-on
 * password must not be empty: the person asked for one, so sending none would be a surprise.
 */
export function useCreateMobileNote(
  state: MobileNoteState,
  dispatch: (action: MobileNoteAction) => void,
  passwordRef: RefObject<HTMLInputElement | null>,
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
    try {
      const note = await createNote(
        {
          content: state.message,
          password: effectivePassword(state),
          expiration: state.expiration,
          receipt: null,
          images: [],
        },
        (fraction) => dispatch({ type: 'progress', fraction }),
      );
      dispatch({ type: 'created', note });
      toast({
        title: tPage('mobile.create.toast.created.title'),
        description: tPage('mobile.create.toast.created.body'),
      });
    } catch (error) {
      dispatch({ type: 'failed' });
      toast({
        title: t('home.toast.createFailed'),
        description: t(apiErrorKey(error)),
        variant: 'destructive',
      });
    }
  };
}
