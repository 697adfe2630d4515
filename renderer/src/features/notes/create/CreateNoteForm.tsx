import { useReducer, useRef } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import type { NoteExpiration } from '../../../../../shared/limits.ts';
import { assessSecurity } from '../../../../../shared/security-score.ts';
import { usePublicConfigState } from '../../../api/config.ts';
import { useCurrentLanguage } from '../../../i18n/LanguageSwitcher.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Field, Select } from '../../../ui/Field.tsx';
import { ExpiryOptions } from '../../../ui/ExpiryOptions.tsx';
import { InsecureConnectionWarning } from '../../../ui/InsecureConnectionWarning.tsx';
import { PageSection, Stack } from '../../../ui/layout.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { FinePrint } from '../../../ui/text.ts';
import type { CreatedNote } from '../createNote.ts';
import { offeredChoice, useOfferedExpirations } from '../../../api/offeredExpirations.ts';
import { ContentField } from './ContentField.tsx';
import { FileAttachments } from '../../../files/FileAttachments.tsx';
import { useFileAttachments } from '../../../files/useFileAttachments.ts';
import { initialNoteForm, noteFormReducer, shownContentProblem } from './noteFormState.ts';
import { PasswordField } from './PasswordField.tsx';
import { ReceiptField } from './ReceiptField.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import { useSubmitNote } from './useSubmitNote.ts';
import { fontSize, space } from '../../../ui/tokens.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../../ui/formSubmission.ts';
import { useId } from '../../../ui/ids.tsx';

/** The home page's form: write, protect, attach, and send the note encrypted. */
export function CreateNoteForm({ onCreated }: { onCreated: (note: CreatedNote) => void }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const config = usePublicConfigState();
  const emailAvailable = config.state === 'hasData' && config.data.emailAvailable;
  const [state, dispatch] = useReducer(noteFormReducer, initialNoteForm);
  const files = useFileAttachments();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const receipt = state.receiptOn && emailAvailable;
  const lives = useOfferedExpirations();
  const expiration = offeredChoice(state.expiration, lives);
  const { pending } = state;

  const { submit, cancel } = useSubmitNote({
    state,
    expiration,
    dispatch,
    files: files.attachments.map((attachment) => attachment.file),
    busy: files.adding,
    receipt,
    language: language.code,
    focus: { content: contentRef, email: emailRef },
    onCreated: (note) => {
      files.clear();
      onCreated(note);
    },
  });

  const assessment = assessSecurity(
    {
      hasPassword: state.password.length > 0,
      expiration,
      hasEmailNotification: receipt,
      hasAttachments: files.attachments.length > 0,
    },
    emailAvailable,
  );

  return (
    <Form
      as="form"
      {...NEVER_SUBMITTED_BY_BROWSER}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={titleId}
      aria-busy={pending}
      $gap={5}
      $raised
    >
      <FormTitle id={titleId}>{t('home.form.title')}</FormTitle>
      <InsecureConnectionWarning />

      <ContentField
        ref={contentRef}
        value={state.content}
        problem={shownContentProblem(state)}
        disabled={pending}
        onChange={(value) => dispatch({ type: 'content', value })}
      />

      <Columns>
        <PasswordField
          value={state.password}
          shown={state.showPassword}
          disabled={pending}
          onChange={(value) => dispatch({ type: 'password', value })}
          onToggle={() => dispatch({ type: 'togglePassword' })}
          generator
        />
        <Field label={t('home.form.expirationLabel')} hint={t('home.form.expirationHint')}>
          {(props) => (
            <Select
              {...props}
              name="expiration"
              value={expiration}
              disabled={pending}
              onChange={(event) =>
                dispatch({ type: 'expiration', value: event.target.value as NoteExpiration })
              }
            >
              <ExpiryOptions lives={lives.options} />
            </Select>
          )}
        </Field>
      </Columns>

      <ReceiptField
        available={emailAvailable}
        on={receipt}
        email={state.email}
        problem={state.problems.email}
        disabled={pending}
        onToggle={(on) => dispatch({ type: 'receipt', on })}
        onEmail={(value) => dispatch({ type: 'email', value })}
        reference={state.reference}
        onReference={(value) => dispatch({ type: 'reference', value })}
        emailRef={emailRef}
      />

      <FileAttachments
        handle={files}
        disabled={pending}
        issues={state.attachmentIssues}
        onIssues={(issues) => dispatch({ type: 'attachmentIssues', issues })}
      />

      <SecurityPanel assessment={assessment} />

      <Stack $gap={3}>
        {pending ? (
          <ProgressBar value={state.progress} label={t('home.form.progressLabel')} />
        ) : null}
        <Button type="submit" $size="large" $fullWidth disabled={pending || files.adding}>
          {pending ? t('home.form.submitting') : t('home.form.submit')}
        </Button>
        {/* Files take a while: the sender may change their mind. */}
        {pending && files.attachments.length > 0 ? (
          <Button $variant="secondary" $fullWidth onClick={cancel}>
            {t('home.form.cancelSending')}
          </Button>
        ) : null}
        <FinePrint>{t('home.form.encryptionNote')}</FinePrint>
      </Stack>
    </Form>
  );
}

const Form = styled(PageSection)`
  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    gap: ${space[4.5]};
  }
`;

const FormTitle = styled.h2`
  font-size: ${fontSize['2xl']};
  font-weight: 700;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${space[4.5]};

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    grid-template-columns: 1fr;
  }
`;
