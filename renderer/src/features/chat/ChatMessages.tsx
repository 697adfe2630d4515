import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../../shared/errors.ts';
import { CHAT_MAX_PARTICIPANTS } from '../../../../shared/limits.ts';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '../../ui/layout.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { BotIcon, LinkIcon } from '../../ui/icons.tsx';
import type { ChatEntry, SystemNote } from './chatState.ts';
import { formatCountdown } from './chatText.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';

interface ChatMessagesProps {
  entries: ChatEntry[];
  /** Alone in the room: invite the partner. */
  waiting: boolean;
  onShare: () => Promise<void>;
  dropped: number;
}

/** The conversation: own messages at the end side, the partner's at the start, bot notes between. */
export function ChatMessages({ entries, waiting, onShare, dropped }: ChatMessagesProps) {
  const { t, language } = useTranslation();
  const logRef = useRef<HTMLDivElement>(null);
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }),
    [language],
  );

  // Follow the conversation as it grows.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [entries.length, waiting]);

  const noteText = (note: SystemNote): string => {
    switch (note.kind) {
      case 'welcome':
        return t('chat.room.system.welcome', {
          slot: note.slot,
          max: CHAT_MAX_PARTICIPANTS,
          time: formatCountdown(note.seconds),
        });
      case 'peerJoined':
        return t('chat.room.system.joined');
      case 'peerLeft':
        return t('chat.room.system.left');
      case 'timeWarning':
        return t('chat.room.system.warning', { time: formatCountdown(note.seconds) });
      default:
        return missingCase(note);
    }
  };

  return (
    <Scroller ref={logRef}>
      <Stack $gap={2.5} role="log" aria-label={t('chat.room.messagesLabel')} aria-live="polite">
        {entries.map((entry) =>
          entry.from === 'system' ? (
            <SystemRow key={entry.id} data-testid="chat-system">
              <BotIcon width={16} height={16} />
              <div>
                <SystemSender>{t('chat.room.sender.bot')}</SystemSender>
                <SystemText>{noteText(entry.note)}</SystemText>
              </div>
            </SystemRow>
          ) : (
            <MessageRow key={entry.id} data-from={entry.from} data-testid={`chat-${entry.from}`}>
              <Bubble data-from={entry.from}>
                <MessageMeta>
                  <Sender>
                    {entry.from === 'own' ? t('chat.room.sender.you') : t('chat.room.sender.peer')}
                  </Sender>
                  <time dateTime={new Date(entry.at).toISOString()}>
                    {timeFormat.format(entry.at)}
                  </time>
                </MessageMeta>
                <Text dir="auto">{entry.text}</Text>
              </Bubble>
            </MessageRow>
          ),
        )}
      </Stack>
      {waiting ? (
        <Waiting>
          <Spinner $size={22} />
          <WaitingTitle>{t('chat.room.waiting.title')}</WaitingTitle>
          <WaitingBody>{t('chat.room.waiting.body')}</WaitingBody>
          <Button $variant="secondary" onClick={() => void onShare()}>
            <LinkIcon width={16} height={16} />
            {t('chat.room.waiting.share')}
          </Button>
        </Waiting>
      ) : null}
      {dropped > 0 ? (
        <Dropped role="status" data-testid="chat-dropped">
          {t('chat.room.dropped', { n: dropped })}
        </Dropped>
      ) : null}
    </Scroller>
  );
}

const Scroller = styled.div`
  flex: 1;
  min-block-size: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding-block: ${space[4]};
  padding-inline: ${space[4]};
  background: ${({ theme }) => theme.color.background};
`;

const SystemRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space[2]};
  justify-self: center; /* the log is a grid (Stack) */
  max-inline-size: min(560px, 100%);
  padding-block: ${space[2]};
  padding-inline: ${space[3]};
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.medium};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.sm};

  > svg {
    flex: none;
    margin-block-start: ${space[0.5]};
    color: ${({ theme }) => theme.color.primary};
  }
`;

const SystemSender = styled.span`
  display: block;
  font-size: ${fontSize.xs};
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const SystemText = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const MessageRow = styled.div`
  display: flex;
  justify-content: flex-start;

  &[data-from='own'] {
    justify-content: flex-end;
  }
`;

const Bubble = styled.div`
  max-inline-size: min(78%, 560px);
  padding-block: ${space[2]} ${space[2.5]};
  padding-inline: ${space[3]};
  border-radius: ${radius.medium};
  border-end-start-radius: ${radius.xsmall};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};

  &[data-from='own'] {
    border-end-start-radius: ${radius.medium};
    border-end-end-radius: ${radius.xsmall};
    background: ${({ theme }) => theme.color.primarySoft};
    border-color: rgba(255, 138, 76, 0.35);
  }
`;

const MessageMeta = styled.div`
  display: flex;
  align-items: baseline;
  gap: ${space[2]};
  margin-block-end: ${space[0.5]};
  font-size: ${fontSize.xs};
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Sender = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.color.text};
`;

const Waiting = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[2]};
  margin-block-start: ${space[6]};
  padding-block: ${space[6]};
  padding-inline: ${space[4]};
  text-align: center;
`;

const WaitingTitle = styled.p`
  font-size: ${fontSize.base};
  font-weight: 650;
`;

const WaitingBody = styled.p`
  max-inline-size: 420px;
  margin-block-end: ${space[1.5]};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.md};
`;

const Dropped = styled.p`
  margin-block-start: ${space[3]};
  text-align: center;
  font-size: ${fontSize.xs};
  color: ${({ theme }) => theme.color.danger};
`;
