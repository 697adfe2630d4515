import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { space } from '../../../ui/tokens.ts';
import type { SecretTarget } from './GeneratorPanel.tsx';
import { useId } from '../../../ui/ids.tsx';

// The panel and the generator load on first use, not with the home page.
const GeneratorPanel = lazy(async () => ({
  default: (await import('./GeneratorPanel.tsx')).GeneratorPanel,
}));

interface GenerateSecretProps {
  /** Where the secret goes: the password field, or the note's text. */
  target: SecretTarget;
  disabled: boolean;
  onUse: (secret: string) => void;
}

/**
 * A "Generate" button that opens a panel below it (a disclosure: the button says whether it is
 * open) to make a strong random password or passphrase and put it where it belongs.
 */
export function GenerateSecret({ target, disabled, onUse }: GenerateSecretProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div>
      <Button
        ref={buttonRef}
        type="button"
        $variant="secondary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t(
          target === 'password' ? 'generate.openForPassword' : 'generate.openForContent',
        )}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      >
        {t('generate.button')}
      </Button>
      {open ? (
        <Suspense
          fallback={
            <Loading role="status">
              <Spinner $size={16} />
              {t('generate.loading')}
            </Loading>
          }
        >
          <GeneratorPanel
            id={panelId}
            target={target}
            onUse={(secret) => {
              onUse(secret);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

const Loading = styled.p`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  margin-block-start: ${space[3]};
`;
