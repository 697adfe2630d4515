import { useRef, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { assessSecurity } from '../../../../../shared/security-score.ts';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import { FieldHint } from '../../../ui/Field.tsx';
import { ClockIcon } from '../../../ui/icons.tsx';
import { Stack } from '../../../ui/layout.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { FinePrint } from '../../../ui/text.ts';
import { PasswordField } from '../create/PasswordField.tsx';
import { offeredChoice, useOfferedExpirations } from '../../../api/offeredExpirations.ts';
import { SecurityPanel } from '../create/SecurityPanel.tsx';
import { effectivePassword } from './mobileNoteFlow.ts';
import type { MobileNoteAction, MobileNoteState } from './mobileNoteFlow.ts';
import { StepHeading } from './StepHeading.tsx';
import { useCreateMobileNote } from './useCreateMobileNote.ts';
import type { FileAttachmentsHandle } from '../../../files/useFileAttachments.ts';
import { radius, space } from '../../../ui/tokens.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../../ui/formSubmission.ts';
import { useId } from '../../../ui/ids.tsx';

interface SecurityStepProps {
  state: MobileNoteState;
  dispatch: (action: MobileNoteAction) => void;
  headingRef: Ref<HTMLHeadingElement>;
  files: FileAttachmentsHandle;
}

/** Step 2: an optional password, the expiry, the resulting score; then the note is made. */
export function SecurityStep({ state, dispatch, headingRef, files }: SecurityStepProps) {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const passwordRef = useRef<HTMLInputElement>(null);
  const [passwordShown, setPasswordShown] = useState(false);
  const switchId = useId();
  const switchLabelId = useId();
  const switchHintId = useId();
  const lives = useOfferedExpirations();
  const expiration = offeredChoice(state.expiration, lives);
  const create = useCreateMobileNote(state, expiration, dispatch, passwordRef, files);
  const { pending } = state;

  // No read receipts in the app-style variant: the score must not suggest them.
  const assessment = assessSecurity(
    {
      hasPassword: effectivePassword(state) !== '',
      expiration,
      hasEmailNotification: false,
      hasAttachments: files.attachments.length > 0,
    },
    false,
  );

  return (
    <Stack
      as="form"
      {...NEVER_SUBMITTED_BY_BROWSER}
      $gap={5}
      onSubmit={(event) => void create(event)}
      noValidate
      aria-busy={pending}
    >
      <StepHeading ref={headingRef} tabIndex={-1}>
        {tPage('mobile.create.security.title')}
      </StepHeading>

      <Stack $gap={3}>
        <SwitchRow htmlFor={switchId}>
          <span>
            <SwitchLabel id={switchLabelId}>
              {tPage('mobile.create.security.passwordToggle')}
            </SwitchLabel>
            <SwitchHint id={switchHintId}>
              {tPage('mobile.create.security.passwordToggleHint')}
            </SwitchHint>
          </span>
          <SwitchTrack>
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              checked={state.passwordOn}
              disabled={pending}
              aria-labelledby={switchLabelId}
              aria-describedby={switchHintId}
              onChange={(event) => dispatch({ type: 'passwordOn', on: event.target.checked })}
            />
            <SwitchThumb aria-hidden="true" />
          </SwitchTrack>
        </SwitchRow>
        {state.passwordOn ? (
          <PasswordField
            ref={passwordRef}
            label={tPage('mobile.create.security.passwordLabel')}
            value={state.password}
            shown={passwordShown}
            disabled={pending}
            error={
              state.passwordMissing ? tPage('mobile.create.security.passwordMissing') : undefined
            }
            onChange={(value) => dispatch({ type: 'password', value })}
            onToggle={() => setPasswordShown((shown) => !shown)}
            generator
          />
        ) : null}
      </Stack>

      <div>
        <ChoiceGroup
          legend={t('home.form.expirationLabel')}
          icon={<ClockIcon width={16} height={16} />}
          name="expiration"
          value={expiration}
          choices={lives.options.map((option) => ({
            value: option,
            label: t(`home.form.expiration.${option}`),
            tag: option === lives.initial ? t('chat.create.defaultTag') : undefined,
          }))}
          onChange={(value) => dispatch({ type: 'expiration', value })}
          disabled={pending}
          columns={2}
        />
        <FieldHint>{t('home.form.expirationHint')}</FieldHint>
      </div>

      <SecurityPanel assessment={assessment} />

      <Stack $gap={3}>
        {pending ? (
          <ProgressBar value={state.progress} label={t('home.form.progressLabel')} />
        ) : null}
        <Button type="submit" $size="large" $fullWidth disabled={pending}>
          {pending ? t('home.form.submitting') : t('home.form.submit')}
        </Button>
        <Button
          $variant="secondary"
          $size="large"
          $fullWidth
          disabled={pending}
          onClick={() => dispatch({ type: 'back' })}
        >
          {tPage('mobile.create.security.back')}
        </Button>
        <FinePrint>{t('home.form.encryptionNote')}</FinePrint>
      </Stack>
    </Stack>
  );
}

const SwitchRow = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[4]};
  min-block-size: 56px;
  padding-block: ${space[2.5]};
  padding-inline: ${space[3.5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.surfaceRaised};
  cursor: pointer;
`;

const SwitchLabel = styled.span`
  display: block;
  font-weight: 600;
`;

const SwitchHint = styled(FieldHint).attrs({ as: 'span' })`
  display: block;
  margin-block-start: ${space[0.5]};
`;

/**
 * A native checkbox (role switch) drawn as a switch: invisible over the track, so it keeps
 * its keyboard and screen-reader behaviour; the whole row is its label, so all of it is tappable.
 */
const SwitchTrack = styled.span`
  flex: none;
  position: relative;
  inline-size: 52px;
  block-size: 32px;
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.borderStrong};
  transition: background-color ${({ theme }) => theme.motion.fast} ease;

  input {
    position: absolute;
    inset: 0;
    inline-size: 100%;
    block-size: 100%;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }

  &:has(input:checked) {
    background: ${({ theme }) => theme.color.primary};
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  &:has(input:disabled) {
    opacity: 0.6;
  }
`;

const SwitchThumb = styled.span`
  position: absolute;
  inset-block-start: ${space[1]};
  inset-inline-start: ${space[1]};
  inline-size: 24px;
  block-size: 24px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.text};
  pointer-events: none;
  transition: inset-inline-start ${({ theme }) => theme.motion.fast} ease;

  input:checked + & {
    inset-inline-start: ${space[6]};
    background: ${({ theme }) => theme.color.primaryText};
  }
`;
