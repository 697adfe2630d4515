import { atom, useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { MIN_AGE } from '../../../../shared/limits.ts';
import { LanguageSwitcherCompact } from '../../i18n/LanguageSwitcher.tsx';
import { usePageMeta } from '../../meta/usePageMeta.ts';
import { platform } from '../../platform/index.ts';
import { Button, buttonStyles } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ExternalLink } from '../../ui/ExternalLink.tsx';
import { LogoMark } from '../../ui/icons.tsx';
import {
  AGE_ALTERNATIVES_URL,
  isAskedHere,
  localStorageOrNull,
  writeAgeVerified,
} from './ageGate.ts';
import { fontSize, space } from '../../ui/tokens.ts';

type GateState = 'passed' | 'asking' | 'restricted';

/**
 * Decided once at start (spec §2), from the platform and the device. Pre-rendered pages are the
 * pages themselves: where the gate asks, the app renders it instead of hydrating them
 * (src/prerender/prerenderFits.ts).
 */
function initialGateState(): GateState {
  return typeof window !== 'undefined' && isAskedHere(platform.kind) ? 'asking' : 'passed';
}

/**
 * Where the visitor stands with the gate, for the whole page load: decided once at start, then
 * changed only by the visitor's answer.
 */
const ageGateAtom = atom<GateState>(initialGateState());

/** Shows the app only once the visitor has confirmed their age, where the spec asks for that. */
export function AgeGate({ children }: { children: ReactNode }) {
  const [state, setState] = useAtom(ageGateAtom);
  if (state === 'passed') return children;
  return (
    <AgeGateScreen
      restricted={state === 'restricted'}
      onConfirm={() => {
        writeAgeVerified(localStorageOrNull());
        setState('passed');
      }}
      onDecline={() => setState('restricted')}
    />
  );
}

interface AgeGateScreenProps {
  restricted: boolean;
  onConfirm: () => void;
  onDecline: () => void;
}

function AgeGateScreen({ restricted, onConfirm, onDecline }: AgeGateScreenProps) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  const title = restricted ? t('ageGate.restrictedTitle') : t('ageGate.title', { appName });
  usePageMeta({ title, description: t('home.intro'), noIndex: true });

  return (
    <Screen>
      <Corner>
        <LanguageSwitcherCompact />
      </Corner>
      <GateCard data-testid="age-gate">
        <LogoMark size={56} />
        <h1>{title}</h1>
        {restricted ? (
          <>
            <p>{t('ageGate.restrictedBody', { count: MIN_AGE })}</p>
            {/* Terminal: no way back into the app from here (spec §2). */}
            <AlternativesLink href={AGE_ALTERNATIVES_URL}>
              {t('ageGate.alternatives')}
            </AlternativesLink>
          </>
        ) : (
          <>
            <p>{t('ageGate.question', { count: MIN_AGE })}</p>
            <Choices>
              <Button $size="large" $fullWidth onClick={onConfirm}>
                {t('ageGate.yes', { age: MIN_AGE })}
              </Button>
              <Button $size="large" $variant="secondary" $fullWidth onClick={onDecline}>
                {t('ageGate.no', { age: MIN_AGE })}
              </Button>
            </Choices>
          </>
        )}
      </GateCard>
    </Screen>
  );
}

const Screen = styled.main`
  position: relative;
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  min-block-size: 100dvh;
  padding: ${space[6]} ${space[4]};
`;

const Corner = styled.div`
  position: absolute;
  inset-block-start: ${space[3]};
  inset-inline-end: ${space[3]};
`;

const GateCard = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[4]};
  inline-size: min(440px, 100%);
  padding: ${space[8]} ${space[6]};
  text-align: center;

  h1 {
    font-size: ${fontSize['3xl']};
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${fontSize.lg};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[2.5]};
  inline-size: 100%;
  margin-block-start: ${space[2]};
`;

const AlternativesLink = styled(ExternalLink)<{ $variant?: 'primary' }>`
  ${buttonStyles}
  margin-block-start: ${space[2]};
`;
