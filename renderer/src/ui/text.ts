import styled from 'styled-components';

/** Secondary text: an explanation under a heading, a detail beside a value. */
export const MutedText = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** Small centred print under a form's main button: what happens next, what it keeps. */
export const FinePrint = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.color.textSubtle};
  text-align: center;
`;
