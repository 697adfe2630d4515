import styled from 'styled-components';

/** Each step's heading; focused when the step comes on screen (see CreateTab). */
export const StepHeading = styled.h2`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: 19px;
  font-weight: 700;
  outline: none;
`;
