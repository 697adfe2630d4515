import type { Ref } from 'react';
import { numberFormat } from '../../../i18n/translate.ts';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../../../shared/errors.ts';
import { NOTE_MAX_CHARS } from '../../../../../shared/limits.ts';
import { Field, Textarea } from '../../../ui/Field.tsx';
import { GenerateSecret } from '../generate/GenerateSecret.tsx';
import type { ContentProblem } from './noteFormValidation.ts';
import { fontSize, space } from '../../../ui/tokens.ts';

interface ContentFieldProps {
  value: string;
  problem: ContentProblem | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  ref: Ref<HTMLTextAreaElement>;
}

/**
 * The note's text, with a live character count against the limit, and a generator for a fresh
 * secret to send (added on a line of its own after what is written).
 */
export function ContentField({ value, problem, disabled, onChange, ref }: ContentFieldProps) {
  const { t, language } = useTranslation();
  const number = numberFormat(language);
  const max = number.format(NOTE_MAX_CHARS);

  let error: string | undefined;
  switch (problem) {
    case undefined:
      error = undefined;
      break;
    case 'required':
      error = t('home.validation.contentRequired');
      break;
    case 'tooLong':
      error = t('home.validation.contentTooLong', { max });
      break;
    default:
      return missingCase(problem);
  }

  return (
    <div>
      <Field label={t('home.form.contentLabel')} error={error}>
        {(props) => (
          <Textarea
            {...props}
            ref={ref}
            name="content"
            dir="auto"
            rows={8}
            value={value}
            placeholder={t('home.form.contentPlaceholder')}
            disabled={disabled}
            required
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
      <Counter
        $over={value.length > NOTE_MAX_CHARS}
        aria-live="polite"
        data-testid="content-counter"
      >
        {t('home.form.counter', { used: number.format(value.length), max })}
      </Counter>
      <GenerateSecret
        target="content"
        disabled={disabled}
        onUse={(secret) => onChange(value.trim() === '' ? secret : `${value.trimEnd()}\n${secret}`)}
      />
    </div>
  );
}

const Counter = styled.p<{ $over: boolean }>`
  margin-block-start: ${space[1.5]};
  font-size: ${fontSize.sm};
  text-align: end;
  font-variant-numeric: tabular-nums;
  color: ${({ $over, theme }) => ($over ? theme.color.danger : theme.color.textSubtle)};
`;
