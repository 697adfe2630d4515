import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { IconButton } from '../../../ui/Button.tsx';
import { Field, Input } from '../../../ui/Field.tsx';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons.tsx';
import { GenerateSecret } from '../generate/GenerateSecret.tsx';
import { space } from '../../../ui/tokens.ts';

interface PasswordFieldProps {
  value: string;
  shown: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
  onToggle: () => void;
  /** Already translated; "Password (optional)" unless given. */
  label?: string;
  /** Already translated. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /**
   * Offer a generated password (where a note is made). One that is used is shown, so the sender
   * can see and copy it: the reader needs it, sent apart from the link.
   */
  generator?: boolean;
}

/** The optional password, with a show/hide toggle once something is typed (seed §2). */
export function PasswordField({
  value,
  shown,
  disabled,
  onChange,
  onToggle,
  label,
  error,
  ref,
  generator = false,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Field
        label={label ?? t('home.form.passwordLabel')}
        hint={t('home.form.passwordHint')}
        error={error}
      >
        {(props) => (
          <Box>
            <Input
              {...props}
              ref={ref}
              name="password"
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              value={value}
              placeholder={t('home.form.passwordPlaceholder')}
              disabled={disabled}
              onChange={(event) => onChange(event.target.value)}
            />
            {value ? (
              <ToggleButton
                aria-label={shown ? t('home.form.hidePassword') : t('home.form.showPassword')}
                aria-pressed={shown}
                onClick={onToggle}
                disabled={disabled}
              >
                {shown ? <EyeOffIcon /> : <EyeIcon />}
              </ToggleButton>
            ) : null}
          </Box>
        )}
      </Field>
      {generator ? (
        <Generator>
          <GenerateSecret
            target="password"
            disabled={disabled}
            onUse={(password) => {
              onChange(password);
              if (!shown) onToggle();
            }}
          />
        </Generator>
      ) : null}
    </div>
  );
}

const Generator = styled.div`
  margin-block-start: ${space[2]};
`;

const Box = styled.div`
  position: relative;

  input {
    padding-inline-end: ${space[12]};
  }
`;

const ToggleButton = styled(IconButton)`
  position: absolute;
  /* Centred on the input whatever its size (larger on touch screens). */
  inset-block-start: 50%;
  inset-inline-end: ${space[0.5]};
  transform: translateY(-50%);
`;
