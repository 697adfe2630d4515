import styled, { css } from 'styled-components';

export const Card = styled.div`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: 24px;
`;

export const CardTitle = styled.h2`
  font-size: 18px;
  font-weight: 650;
  margin-block-end: 8px;
`;

export const CardText = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The raised surface a page's main form or message sits on; each user adds its own layout. */
export const raisedCardStyles = css`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

/** A list's empty or failed state: a heading, a sentence and an action, centred. */
export const MessageCard = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding-block: 40px;
  text-align: center;

  h2 {
    font-size: 20px;
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
