import type { ReactNode } from 'react';
import styled from 'styled-components';
import { raisedCardStyles } from '../../ui/Card.tsx';
import { Row } from '../../ui/layout.ts';
import { fontSize, space } from '../../ui/tokens.ts';

interface ChatStatusViewProps {
  icon: ReactNode;
  /** Already translated; the page's heading. */
  title: ReactNode;
  body?: ReactNode;
  children?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** `status` for states that change by themselves (connecting), so they are announced. */
  role?: 'status' | 'alert';
  compact?: boolean;
}

/** A chat room's one-message states: joining, invalid link, expired, full, connection error. */
export function ChatStatusView({
  icon,
  title,
  body,
  children,
  tone = 'neutral',
  role,
  compact = false,
}: ChatStatusViewProps) {
  return (
    <Wrap $compact={compact}>
      <Panel role={role} data-tone={tone}>
        <IconBubble data-tone={tone}>{icon}</IconBubble>
        <Title>{title}</Title>
        {body ? <Body>{body}</Body> : null}
        {children ? <Actions $justify="center">{children}</Actions> : null}
      </Panel>
    </Wrap>
  );
}

const Wrap = styled.div<{ $compact: boolean }>`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  padding-block: ${({ $compact }) => ($compact ? space[8] : space[18])};
  padding-inline: ${space[5]};
`;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[3.5]};
  inline-size: min(480px, 100%);
  padding-block: ${space[8]};
  padding-inline: ${space[7]};
  ${raisedCardStyles}
  text-align: center;
`;

const IconBubble = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 56px;
  block-size: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};

  &[data-tone='danger'] {
    background: rgba(248, 113, 113, 0.12);
    color: ${({ theme }) => theme.color.danger};
  }

  svg {
    inline-size: 26px;
    block-size: 26px;
  }
`;

const Title = styled.h1`
  font-size: clamp(${fontSize['2xl']}, 4vw, ${fontSize['4xl']});
  font-weight: 700;
  letter-spacing: -0.015em;
`;

const Body = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  text-wrap: pretty;
`;

const Actions = styled(Row)`
  margin-block-start: ${space[2]};
`;
