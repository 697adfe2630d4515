import { useRef } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Stack } from './layout.ts';
import { useFocusOnArrival } from './Page.tsx';

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
    <Screen $gap={20}>
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
  padding-block: 20px 28px;
  /* Safe-area insets are physical sides, whatever the reading direction. */
  padding-left: max(16px, env(safe-area-inset-left));
  padding-right: max(16px, env(safe-area-inset-right));
`;

const Title = styled.h1`
  font-size: 24px;
  font-weight: 750;
  letter-spacing: -0.01em;
  outline: none;
`;

const Intro = styled.p`
  margin-block-start: 6px;
  color: ${({ theme }) => theme.color.textMuted};
`;
