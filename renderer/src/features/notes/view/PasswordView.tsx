import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { FieldError, Input, Label } from '../../../ui/Field.tsx';
import { Notice } from '../../../ui/Notice.tsx';
import type { ViewerState } from './viewerState.ts';
import { space } from '../../../ui/tokens.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../../ui/formSubmission.ts';

interface PasswordViewProps {
  state: Extract<ViewerState, { kind: 'password' }>;
  onSubmit: (password: string) => void;
}

/** Asks for the note's password; a wrong one says so, with the attempts left, and burns nothing. */
export function PasswordView({ state, onSubmit }: PasswordViewProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    if (!state.unlocking) inputRef.current?.focus();
  }, [state.unlocking, state.error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '' || state.unlocking) return;
    onSubmit(password);
  }

  return (
    <Notice tone="muted" title={t('note.viewer.passwordTitle')}>
      <p>{t('note.viewer.passwordIntro')}</p>
      <Form {...NEVER_SUBMITTED_BY_BROWSER} onSubmit={submit} noValidate>
        <Label htmlFor="note-password">{t('note.viewer.passwordLabel')}</Label>
        <Input
          ref={inputRef}
          id="note-password"
          type="password"
          autoComplete="off"
          value={password}
          disabled={state.unlocking}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? 'note-password-error' : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        {state.error ? (
          <FieldError id="note-password-error" role="alert">
            {t(state.error)}
            {state.attemptsLeft === null
              ? null
              : ` ${t('note.viewer.attemptsLeft', { count: state.attemptsLeft })}`}
          </FieldError>
        ) : null}
        <Button
          type="submit"
          $size="large"
          disabled={state.unlocking || password === ''}
          aria-busy={state.unlocking}
        >
          {state.unlocking ? t('note.viewer.unlocking') : t('note.viewer.unlock')}
        </Button>
      </Form>
    </Notice>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${space[2.5]};
  max-inline-size: 420px;

  button {
    margin-block-start: ${space[1.5]};
    justify-self: start;
  }
`;
