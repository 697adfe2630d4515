import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useId } from './ids.tsx';

export const Label = styled.label`
  display: block;
  margin-block-end: 6px;
  font-size: 14px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const controlStyles = css`
  display: block;
  inline-size: 100%;
  padding-block: 10px;
  padding-inline: 12px;
  background: ${({ theme }) => theme.color.background};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  transition: border-color ${({ theme }) => theme.motion.fast} ease;

  &::placeholder {
    color: ${({ theme }) => theme.color.textSubtle};
  }

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.color.textSubtle};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    border-color: transparent;
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Input = styled.input`
  ${controlStyles}
  min-block-size: 44px;
`;

export const Select = styled.select`
  ${controlStyles}
  min-block-size: 44px;
`;

export const Textarea = styled.textarea`
  ${controlStyles}
  min-block-size: 160px;
  resize: vertical;
  line-height: 1.5;
`;

export const FieldHint = styled.p`
  margin-block-start: 6px;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

export const FieldError = styled.p`
  margin-block-start: 6px;
  font-size: 13px;
  font-weight: 500;
  color: ${({ theme }) => theme.color.danger};
`;

/** Props a control needs so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Already translated; when set the control is marked invalid and describes itself with it. */
  error?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * Label + control + hint + error, wired together:
 * `<Field label={t('…')} error={error}>{(props) => <Input {...props} />}</Field>`.
 */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
