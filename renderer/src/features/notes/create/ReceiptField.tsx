import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { NOTE_REFERENCE_MAX_CHARS } from '../../../../../shared/limits.ts';
import { missingCase } from '../../../../../shared/errors.ts';
import { FieldError, FieldHint, Input, Label } from '../../../ui/Field.tsx';
import { Row } from '../../../ui/layout.ts';
import type { EmailProblem } from './noteFormValidation.ts';
import { fontSize, space } from '../../../ui/tokens.ts';
import { useId } from '../../../ui/ids.tsx';

interface ReceiptFieldProps {
  /** This server can send mail (from /api/config). */
  available: boolean;
  on: boolean;
  email: string;
  problem: EmailProblem | undefined;
  disabled: boolean;
  onToggle: (on: boolean) => void;
  onEmail: (value: string) => void;
  emailRef: Ref<HTMLInputElement>;
  /** The sender's own name for the note, which the receipt repeats (optional). */
  reference: string;
  onReference: (value: string) => void;
}

/**
 * The read receipt: one e-mail to the address typed here, i.e. to the sender, when the note is
 * read (or otherwise ends). The wording says so plainly, so nobody types the reader's address.
 * With it, an optional reference of the sender's, so that with several notes out they know which
 * one the mail is about.
 */
export function ReceiptField(props: ReceiptFieldProps) {
  const { available, on, email, problem, disabled, onToggle, onEmail, emailRef } = props;
  const { reference, onReference } = props;
  const { t } = useTranslation();
  const ids = useId();
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;

  let error: string | undefined;
  switch (problem) {
    case undefined:
      error = undefined;
      break;
    case 'invalid':
      error = t('home.validation.invalidEmail');
      break;
    case 'receiptLimit':
      error = t('errors.readReceiptLimit');
      break;
    default:
      return missingCase(problem);
  }

  return (
    <div>
      <Row $gap={2.5} $wrap={false}>
        <Checkbox
          id={`${ids}-on`}
          type="checkbox"
          checked={on}
          disabled={disabled || !available}
          aria-describedby={hintId}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <CheckLabel htmlFor={`${ids}-on`}>{t('home.form.emailLabel')}</CheckLabel>
      </Row>
      <FieldHint id={hintId}>
        {available ? t('home.form.emailHint') : t('home.form.emailUnavailable')}
      </FieldHint>
      {on ? (
        <EmailBox>
          <Label htmlFor={`${ids}-email`}>{t('home.form.emailFieldLabel')}</Label>
          <Input
            ref={emailRef}
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            placeholder={t('home.form.emailPlaceholder')}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onEmail(event.target.value)}
          />
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
          <ReferenceBox>
            <Label htmlFor={`${ids}-reference`}>{t('status.reference.label')}</Label>
            <Input
              id={`${ids}-reference`}
              name="reference"
              type="text"
              autoComplete="off"
              maxLength={NOTE_REFERENCE_MAX_CHARS}
              value={reference}
              placeholder={t('status.reference.placeholder')}
              disabled={disabled}
              aria-describedby={`${ids}-reference-hint`}
              onChange={(event) => onReference(event.target.value)}
              data-testid="receipt-reference"
            />
            <FieldHint id={`${ids}-reference-hint`}>{t('status.reference.hint')}</FieldHint>
          </ReferenceBox>
        </EmailBox>
      ) : null}
    </div>
  );
}

const Checkbox = styled.input`
  inline-size: 18px;
  block-size: 18px;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
  }
`;

const CheckLabel = styled.label`
  font-size: ${fontSize.base};
  font-weight: 600;
  cursor: pointer;

  ${Checkbox}:disabled + & {
    color: ${({ theme }) => theme.color.textSubtle};
    cursor: not-allowed;
  }
`;

const EmailBox = styled.div`
  margin-block-start: ${space[3]};
`;

const ReferenceBox = styled.div`
  margin-block-start: ${space[3]};
`;
