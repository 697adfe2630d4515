import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { ShieldIcon } from '../../ui/icons.tsx';
import { fontSize, space } from '../../ui/tokens.ts';

/**
 * The safety code both people compare out of band (DESIGN §3 chat), or why there is none yet.
 * Announced politely when it changes (a partner joined, the room re-keyed).
 */
export function SafetyBar({ code, pending }: { code: string | null; pending: string }) {
  const { t } = useTranslation();
  return (
    <Bar aria-live="polite">
      <ShieldIcon width={18} height={18} />
      <Text>
        <Label>{t('chat.room.safety.label')}</Label>
        {code !== null ? (
          <Code data-testid="chat-safety-code" dir="ltr">
            {code}
          </Code>
        ) : (
          <Pending>{pending}</Pending>
        )}
        <Help>{t('chat.room.safety.help')}</Help>
      </Text>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space[2.5]};
  padding-block: ${space[2.5]};
  padding-inline: ${space[4.5]};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.sm};

  > svg {
    flex: none;
    margin-block-start: ${space[0.5]};
    color: #4ade80;
  }

  [data-layout='mobile'] & {
    padding-inline: ${space[3]};
  }
`;

const Text = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${space[2.5]};
  row-gap: ${space[0.5]};
  min-inline-size: 0;
`;

const Label = styled.span`
  font-weight: 650;
  color: ${({ theme }) => theme.color.text};
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${fontSize.base};
  font-weight: 650;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.color.primary};
  unicode-bidi: isolate;
`;

const Pending = styled.span`
  font-style: italic;
`;

const Help = styled.span`
  flex-basis: 100%;
  font-size: ${fontSize.xs};
  color: ${({ theme }) => theme.color.textSubtle};
`;
