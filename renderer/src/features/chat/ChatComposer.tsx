import { useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { CHAT_MESSAGE_MAX_CHARS } from '../../../../shared/limits.ts';
import { Button } from '../../ui/Button.tsx';
import { SendIcon } from '../../ui/icons.tsx';
import { Row } from '../../ui/layout.ts';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import type { SendResult } from './chatClient.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';
import { NEVER_SUBMITTED_BY_BROWSER } from '../../ui/formSubmission.ts';
import { useId } from '../../ui/ids.tsx';

interface ChatComposerProps {
  /** In the room: typing is possible, even before the partner is there. */
  canType: boolean;
  /** The session is keyed with the partner: what is typed can be sent, encrypted. */
  canSend: boolean;
  placeholder: string;
  onSend: (text: string) => Promise<SendResult>;
  compact?: boolean;
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line, 1,000 characters at most. One can
 * write as soon as one is in the room; until the partner has joined and the session is keyed,
 * the text stays in the box (in this page's memory only, never sent, so never unencrypted) and
 * Send waits, which the hint says.
 */
export function ChatComposer({
  canType,
  canSend,
  placeholder,
  onSend,
  compact = false,
}: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const counterId = useId();
  const blank = text.trim() === '';

  const submit = async () => {
    if (!canSend || sending || blank) return;
    setSending(true);
    const result = await onSend(text);
    setSending(false);
    // A failed send keeps the text, so nothing typed is lost.
    if (result !== 'failed') setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const nearLimit = text.length >= CHAT_MESSAGE_MAX_CHARS * 0.9;

  return (
    <Form {...NEVER_SUBMITTED_BY_BROWSER} onSubmit={onSubmit} data-compact={compact}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        {t('chat.room.composer.label')}
      </VisuallyHidden>
      <Row $gap={2.5} $align="end" $wrap={false}>
        <Input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          disabled={!canType}
          maxLength={CHAT_MESSAGE_MAX_CHARS}
          rows={compact ? 1 : 2}
          aria-describedby={`${hintId} ${counterId}`}
          autoComplete="off"
          spellCheck
        />
        <SendButton
          type="submit"
          disabled={!canSend || blank || sending}
          aria-label={t('chat.room.composer.send')}
        >
          <SendIcon />
          {compact ? null : <span>{t('chat.room.composer.send')}</span>}
        </SendButton>
      </Row>
      <Meta>
        <Hint id={hintId} data-held={!canSend}>
          {canSend ? t('chat.room.composer.hint') : t('chat.room.composer.held')}
        </Hint>
        <Counter id={counterId} data-near={nearLimit}>
          {t('chat.room.composer.counter', {
            length: text.length,
            max: CHAT_MESSAGE_MAX_CHARS,
          })}
        </Counter>
      </Meta>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space[1.5]};
  padding: ${space[3.5]} ${space[4]} ${space[3]};
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};

  /* In the mobile shell the tab bar below keeps clear of the phone's bottom safe area. */
  &[data-compact='true'] {
    padding: ${space[2.5]} ${space[3]} ${space[2]};
  }
`;

const Input = styled.textarea`
  flex: 1;
  min-inline-size: 0;
  max-block-size: 160px;
  padding-block: ${space[2.5]};
  padding-inline: ${space[3.5]};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  line-height: 1.45;
  resize: none;
  field-sizing: content;
  min-block-size: 44px;

  &::placeholder {
    color: ${({ theme }) => theme.color.textSubtle};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    border-color: transparent;
  }

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const SendButton = styled(Button)`
  min-block-size: 44px;
  min-inline-size: 44px;

  svg:dir(rtl) {
    transform: scaleX(-1);
  }
`;

const Meta = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${space[3]};
  font-size: ${fontSize.xs};
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Hint = styled.span`
  /* Enter and Shift+Enter mean little on a phone; that a message waits for the partner does. */
  &[data-held='false'] {
    @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
      display: none;
    }
  }
`;

const Counter = styled.span`
  margin-inline-start: auto;
  font-variant-numeric: tabular-nums;

  &[data-near='true'] {
    color: ${({ theme }) => theme.color.primary};
  }
`;
