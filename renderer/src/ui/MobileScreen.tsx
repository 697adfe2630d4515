import { useRef } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Stack } from './layout.ts';
import { useFocusOnArrival } from './Page.tsx';
import { fontSize, space } from './tokens.ts';

interface MobileScreenProps {
  /** Already translated; the tab's one <h1>. */
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}

/** A tab of the mobile shell: its heading (focused on arrival) and content, phone-sized. */
export function MobileScreen({ title, intro, children }: MobileScreenProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(headingRef);

  return (
    <Screen $gap={5}>
      <header>
        <Title ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        {intro ? <Intro>{intro}</Intro> : null}
      </header>
      {children}
    </Screen>
  );
}

const Screen = styled(Stack)`
  inline-size: 100%;
  max-inline-size: 560px;
  margin-inline: auto;
  padding-block: ${space[5]} ${space[7]};
  /* Safe-area insets are physical sides, whatever the reading direction. */
  padding-left: max(${space[4]}, env(safe-area-inset-left));
  padding-right: max(${space[4]}, env(safe-area-inset-right));
`;

const Title = styled.h1`
  font-size: ${fontSize['3xl']};
  font-weight: 750;
  letter-spacing: -0.01em;
  outline: none;
`;

const Intro = styled.p`
  margin-block-start: ${space[1.5]};
  color: ${({ theme }) => theme.color.textMuted};
`;
