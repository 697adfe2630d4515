import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { CHAT_MAX_PARTICIPANTS } from '../../../../shared/limits.ts';
import { Button } from '../../ui/Button.tsx';
import { ClockIcon, LinkIcon, LockIcon, UsersIcon } from '../../ui/icons.tsx';
import { InsecureConnectionWarning } from '../../ui/InsecureConnectionWarning.tsx';
import { Row } from '../../ui/layout.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { canSend } from './chatState.ts';
import type { ChatState } from './chatState.ts';
import { formatCountdown } from './chatText.ts';
import { LinkReachNotice } from '../../ui/LinkReachNotice.tsx';
import { SafetyBar } from './SafetyBar.tsx';
import type { ChatRoomHandle } from './useChatRoom.ts';
import { fontSize, radius, space } from '../../ui/tokens.ts';

interface ActiveRoomProps {
  state: ChatState;
  mobile: boolean;
  onShare: () => Promise<void>;
  onSend: ChatRoomHandle['send'];
}

/** The room while seated: header, safety code, messages and composer. */
export function ActiveRoom({ state, mobile, onShare, onSend }: ActiveRoomProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alone = state.participantCount < 2;
  const reconnecting = state.link === 'reconnecting';
  const ready = canSend(state);
  const placeholder = ready
    ? t('chat.room.composer.placeholder')
    : alone && !reconnecting
      ? t('chat.room.composer.waiting')
      : t('chat.room.composer.connecting');
  const time = formatCountdown(state.secondsLeft ?? 0);
  const low = (state.secondsLeft ?? Infinity) <= 60;

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Room data-layout={mobile ? 'mobile' : 'desktop'}>
      <Header>
        <Row $gap={2.5} $wrap={false}>
          <Heading ref={headingRef} tabIndex={-1}>
            {t('chat.room.heading')}
          </Heading>
          {/* Not on an insecure connection: the warning below says why. */}
          {window.isSecureContext ? (
            <SecureBadge>
              <LockIcon width={14} height={14} />
              {t('chat.room.secure')}
            </SecureBadge>
          ) : null}
        </Row>
        <Stats $gap={2} $wrap={false}>
          <Stat data-testid="chat-participants">
            <UsersIcon width={16} height={16} />
            <ParticipantCount n={state.participantCount} />
          </Stat>
          <Stat
            role="timer"
            aria-label={t('chat.room.timeLabel', { time })}
            data-low={low}
            data-testid="chat-countdown"
          >
            <ClockIcon width={16} height={16} />
            <span aria-hidden="true">{time}</span>
          </Stat>
          <Button
            $variant="secondary"
            onClick={() => void onShare()}
            // The visible word first (it is hidden on narrow screens): a name that contains
            // what sighted users see, so voice control users can say it.
            aria-label={`${t('chat.room.share')}: ${t('chat.room.shareLabel')}`}
          >
            <LinkIcon width={16} height={16} />
            <ShareText $hideNarrow={mobile}>{t('chat.room.share')}</ShareText>
          </Button>
        </Stats>
      </Header>

      <SafetyBar
        code={state.safetyCode}
        pending={
          reconnecting
            ? t('chat.room.reconnecting')
            : alone
              ? t('chat.room.safety.pending')
              : t('chat.room.safety.securing')
        }
      />
      <InsecureBox>
        <InsecureConnectionWarning />
        <LinkReachNotice />
      </InsecureBox>

      {reconnecting ? (
        <Banner role="status">
          <Spinner $size={14} />
          {t('chat.room.reconnecting')}
        </Banner>
      ) : null}

      <ChatMessages
        entries={state.entries}
        waiting={alone && !reconnecting}
        onShare={onShare}
        dropped={state.dropped}
      />

      <ChatComposer
        canType={state.phase === 'active'}
        canSend={ready}
        placeholder={placeholder}
        onSend={onSend}
        compact={mobile}
      />
    </Room>
  );
}

/** "n/max" on screen; a full sentence for assistive technology. */
export function ParticipantCount({ n }: { n: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">
        {t('chat.room.participants', { n, max: CHAT_MAX_PARTICIPANTS })}
      </span>
      <VisuallyHidden>
        {t('chat.room.participantsLabel', { n, max: CHAT_MAX_PARTICIPANTS })}
      </VisuallyHidden>
    </>
  );
}

const Room = styled.div`
  display: flex;
  flex-direction: column;
  inline-size: 100%;
  min-block-size: 0;
  background: ${({ theme }) => theme.color.surface};

  &[data-layout='desktop'] {
    max-inline-size: ${({ theme }) => theme.layout.contentWidth};
    block-size: min(calc(100dvh - ${({ theme }) => theme.layout.navHeight} - 64px), 860px);
    min-block-size: 560px;
    margin-block: ${space[8]};
    margin-inline: auto;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${radius.large};
    box-shadow: ${({ theme }) => theme.shadow.raised};
    overflow: hidden;

    @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
      block-size: calc(100dvh - ${({ theme }) => theme.layout.navHeight});
      min-block-size: 480px;
      margin-block: 0;
      border-radius: 0;
      border-inline: none;
    }
  }

  /*
   * Exactly the screen between the mobile header and the shell's tab bar (which sets its size
   * in a variable), so only the messages scroll. Not a flex share: that would grow with them.
   */
  &[data-layout='mobile'] {
    flex: none;
    block-size: calc(100dvh - 57px - env(safe-area-inset-top) - var(--mobile-tab-bar-size, 0px));
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  padding-block: ${space[3.5]};
  padding-inline: ${space[4.5]};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};

  ${Room}[data-layout='mobile'] & {
    padding-block: ${space[2.5]};
    padding-inline: ${space[3]};
    gap: ${space[2]};
  }
`;

const Heading = styled.h1`
  font-size: ${fontSize.xl};
  font-weight: 700;
  letter-spacing: -0.01em;
  outline: none;

  ${Room}[data-layout='mobile'] & {
    font-size: ${fontSize.lg};
  }
`;

const SecureBadge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space[1]};
  padding-block: ${space[0.5]};
  padding-inline: ${space[2]};
  border-radius: ${radius.round};
  background: rgba(74, 222, 128, 0.12);
  color: #4ade80;
  font-size: ${fontSize.xs};
  font-weight: 650;
`;

const Stats = styled(Row)`
  margin-inline-start: auto;
`;

/** Takes no room when the connection is secure (the warning renders nothing). */
const InsecureBox = styled.div`
  padding-inline: ${space[4.5]};

  &:not(:empty) {
    padding-block: ${space[2.5]};
  }
`;

const Stat = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space[1.5]};
  min-block-size: 36px;
  padding-inline: ${space[2.5]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${radius.small};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.md};
  font-weight: 600;
  font-variant-numeric: tabular-nums;

  &[data-low='true'] {
    color: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
  }
`;

const ShareText = styled.span<{ $hideNarrow: boolean }>`
  @media (max-width: 420px) {
    display: ${({ $hideNarrow }) => ($hideNarrow ? 'none' : 'inline')};
  }
`;

const Banner = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${space[2]};
  padding-block: ${space[1.5]};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${fontSize.sm};
  font-weight: 600;
`;
