import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface Choice<T extends string> {
  value: T;
  /** Already translated. */
  label: string;
  /** Already translated; a small line under the label (e.g. "Default"). */
  tag?: string;
}

interface ChoiceGroupProps<T extends string> {
  /** Already translated; names the group for assistive technology too. */
  legend: ReactNode;
  /** Decorative, before the legend. */
  icon?: ReactNode;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Side by side on wide screens; two per row on small phones. */
  columns?: number;
}

/**
 * One choice out of a few, as large tappable cards: native radio buttons underneath, so the
 * arrow keys, the form's semantics and screen readers work as for any radio group.
 */
export function ChoiceGroup<T extends string>({
  legend,
  icon,
  name,
  value,
  choices,
  onChange,
  disabled = false,
  columns = 4,
}: ChoiceGroupProps<T>) {
  return (
    <Group>
      <Legend>
        {icon}
        {legend}
      </Legend>
      <Options $columns={columns}>
        {choices.map((choice) => (
          <Option key={choice.value} data-checked={value === choice.value}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              disabled={disabled}
            />
            <span>{choice.label}</span>
            {choice.tag ? <Tag>{choice.tag}</Tag> : null}
          </Option>
        ))}
      </Options>
    </Group>
  );
}

const Group = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-inline-size: 0;
`;

const Legend = styled.legend`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-block-end: 10px;
  padding: 0;
  font-size: 14px;
  font-weight: 600;
`;

const Options = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: 10px;

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Option = styled.label`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4px;
  min-block-size: 64px;
  padding: 10px;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.background};
  font-weight: 600;
  text-align: center;
  cursor: pointer;
  transition:
    border-color ${({ theme }) => theme.motion.fast} ease,
    background-color ${({ theme }) => theme.motion.fast} ease;

  &:hover {
    border-color: ${({ theme }) => theme.color.textSubtle};
  }

  &[data-checked='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.text};
  }

  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }

  &:has(input:disabled) {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const Tag = styled.span`
  font-size: 11px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;
