import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { MutedText } from '../../ui/text.ts';
import { adminErrorKey } from './adminErrors.ts';
import type { AdminErrorKey } from './adminErrors.ts';
import { useAdminSession } from './useAdminSession.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';

interface AdminLoginDialogProps {
  open: boolean;
  /** The administrator closed the dialog without signing in (Escape, close button, backdrop). */
  onClose: () => void;
  /** The session is open; the parent closes the dialog and carries on with what needed it. */
  onSignedIn: () => void;
}

/**
 * Asks for the administrator password (DESIGN §5: every admin action needs the session). The
 * server's refusals are shown in the user's language through the error catalogue; the
 * password never leaves this form except in the sign-in request.
 */
export function AdminLoginDialog({ open, onClose, onSignedIn }: AdminLoginDialogProps) {
  const { t } = useTranslation();
  const { state } = useAdminSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const unavailable = state === 'unavailable';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('admin.login.title')}
      description={unavailable ? undefined : t('admin.login.description')}
      initialFocusRef={unavailable ? undefined : inputRef}
    >
      {unavailable ? (
        <MutedText role="status">{t('admin.login.unavailable')}</MutedText>
      ) : open ? (
        // Mounted per opening, so no password or error is left over from the last attempt.
        <LoginForm inputRef={inputRef} onSignedIn={onSignedIn} />
      ) : null}
    </Dialog>
  );
}

function LoginForm({
  inputRef,
  onSignedIn,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const { signIn, refresh } = useAdminSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<AdminErrorKey | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || pending) return;
    setPending(true);
    setError(null);
    try {
      await signIn(password);
      onSignedIn();
    } catch (failure) {
      setError(adminErrorKey(failure));
      // A refusal may mean the administrator was unconfigured meanwhile: the dialog then says so.
      void refresh();
    } finally {
      setPending(false);
    }
  }

  // Focus goes back to the password after a refusal (the input was disabled while checking).
  useLayoutEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error, inputRef]);

  return (
    <Form {...NEVER_SUBMITTED_BY_BROWSER} onSubmit={(event) => void submit(event)} noValidate>
      <Field label={t('admin.login.passwordLabel')} error={error ? t(error) : undefined}>
        {(props) => (
          <Input
            {...props}
            ref={inputRef}
            name="admin-password"
            type="password"
            autoComplete="current-password"
            value={password}
            disabled={pending}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending || password === ''} aria-busy={pending}>
        {pending ? t('admin.login.submitting') : t('admin.login.submit')}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;

  button {
    justify-self: end;
  }
`;
