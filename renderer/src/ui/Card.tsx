import styled from 'styled-components';

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
