import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CHAT_MAX_PARTICIPANTS } from '../../../../shared/limits.ts';
import { routePaths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import {
  AlertIcon,
  ClockIcon,
  LinkIcon,
  LockIcon,
  ShieldIcon,
  TimerOffIcon,
  UsersIcon,
} from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { useCopyFeedback } from '../../ui/useCopyFeedback.ts';
import { chatRoomHref } from './chatApi.ts';
import type { ChatLayout } from './chatApi.ts';
import type { ChatNotice } from './chatClient.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { canSend } from './chatState.ts';
import type { ChatState } from './chatState.ts';
import { ChatStatusView } from './ChatStatusView.tsx';
import { formatCountdown, roomKeyFromHash } from './chatText.ts';
import { useChatRoom } from './useChatRoom.ts';

/** Spec: the Session Full view sends people to create a room after 3 seconds. */
export const FULL_REDIRECT_MS = 3000;

interface ChatRoomProps {
  sessionId: string | undefined;
  layout: ChatLayout;
}

/**
 * A live room, on the site (`/chat/:id`) or in the mobile shell (`/mobile-chat/:id`): the same
 * connection, keys and states, laid out for each. The room key comes from the link fragment.
 */
export function ChatRoom({ sessionId, layout }: ChatRoomProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { copy } = useCopyFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = layout === 'mobile';
  // Read once: the key never changes for this room, and never leaves the fragment.
  const roomKey = useMemo(() => roomKeyFromHash(location.hash), [location.hash]);
  const createPath = mobile ? routePaths.mobile : routePaths.chat;

  const notify = useCallback(
    (notice: ChatNotice) => {
      switch (notice) {
        case 'sendFailed':
          toast({
            title: t('chat.toast.sendFailed.title'),
            description: t('chat.toast.sendFailed.body'),
            variant: 'destructive',
          });
          return;
        case 'rateLimited':
          toast({
            title: t('chat.toast.rateLimited.title'),
            description: t('chat.toast.rateLimited.body'),
            variant: 'destructive',
          });
          return;
      }
    },
    [t, toast],
  );

  const { state, send, retry } = useChatRoom(sessionId, roomKey, notify);
  const { phase } = state;

  // Toasts and the redirect that belong to reaching a state, once each.
  useEffect(() => {
    switch (phase) {
      case 'full': {
        toast({
          title: t('chat.toast.full.title'),
          description: t('chat.toast.full.body'),
          variant: 'destructive',
        });
        const timer = setTimeout(() => navigate(createPath), FULL_REDIRECT_MS);
        return () => clearTimeout(timer);
      }
      case 'error':
        toast(
          mobile
            ? { title: t('chat.mobile.connectFailed'), variant: 'destructive' }
            : {
                title: t('chat.toast.connectionError.title'),
                description: t('chat.toast.connectionError.body'),
                variant: 'destructive',
              },
        );
        return;
      case 'expired':
        if (mobile) {
          toast({
            title: t('chat.mobile.expired.title'),
            description: t('chat.mobile.expired.body'),
          });
        }
        return;
      default:
        return;
    }
    // Only a change of state counts; t and toast are stable enough for a one-off message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  // The mobile create flow arrives here with `state.created`.
  const created = (location.state as { created?: unknown } | null)?.created === true;
  useEffect(() => {
    if (mobile && created) {
      toast({ title: t('chat.mobile.created.title'), description: t('chat.mobile.created.body') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const share = async () => {
    if (!sessionId || !roomKey) return;
    const link = new URL(chatRoomHref(sessionId, roomKey, layout), window.location.origin).href;
    await copy(link, {
      done: mobile
        ? {
            title: t('chat.mobile.linkCopied.title'),
            description: t('chat.mobile.linkCopied.body'),
          }
        : { title: t('chat.toast.linkCopied.title'), description: t('chat.toast.linkCopied.body') },
      failed: {
        title: t('chat.toast.copyFailed.title'),
        description: t('chat.toast.copyFailed.body'),
      },
    });
  };

  switch (phase) {
    case 'connecting':
      return (
        <ChatStatusView
          compact={mobile}
          role="status"
          icon={<Spinner $size={26} />}
          title={t('chat.room.connecting.title')}
          body={t('chat.room.connecting.body')}
        />
      );
    case 'invalid':
      return (
        <ChatStatusView
          compact={mobile}
          tone="danger"
          icon={<AlertIcon />}
          title={t('chat.room.invalid.title')}
          body={t('chat.room.invalid.body')}
        >
          <ButtonLink to={createPath}>{t('chat.room.invalid.action')}</ButtonLink>
        </ChatStatusView>
      );
    case 'expired':
      return (
        <ChatStatusView
          compact={mobile}
          icon={<TimerOffIcon />}
          title={t('chat.room.expired.title')}
          body={t('chat.room.expired.body')}
        >
          <ButtonLink to={createPath}>{t('chat.room.expired.action')}</ButtonLink>
        </ChatStatusView>
      );
    case 'full':
      return (
        <ChatStatusView
          compact={mobile}
          role="alert"
          tone="danger"
          icon={<UsersIcon />}
          title={t('chat.room.full.title')}
          body={t('chat.room.full.body')}
        >
          <FullCount>
            <UsersIcon />
            <ParticipantCount n={CHAT_MAX_PARTICIPANTS} />
          </FullCount>
        </ChatStatusView>
      );
    case 'error':
      return (
        <ChatStatusView
          compact={mobile}
          role="alert"
          tone="danger"
          icon={<AlertIcon />}
          title={t('chat.room.error.title')}
          body={mobile ? t('chat.mobile.connectFailed') : t('chat.room.error.body')}
        >
          <Button onClick={retry}>{t('chat.room.error.retry')}</Button>
          <ButtonLink to={createPath} $variant="secondary">
            {t('chat.room.invalid.action')}
          </ButtonLink>
        </ChatStatusView>
      );
    case 'replaced':
      return (
        <ChatStatusView
          compact={mobile}
          icon={<LinkIcon />}
          title={t('chat.room.replaced.title')}
          body={t('chat.room.replaced.body')}
        />
      );
    case 'active':
      return <ActiveRoom state={state} mobile={mobile} onShare={share} onSend={send} />;
  }
}

interface ActiveRoomProps {
  state: ChatState;
  mobile: boolean;
  onShare: () => Promise<void>;
  onSend: ReturnType<typeof useChatRoom>['send'];
}

function ActiveRoom({ state, mobile, onShare, onSend }: ActiveRoomProps) {
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
        <TitleRow>
          <Heading ref={headingRef} tabIndex={-1}>
            {t('chat.room.heading')}
          </Heading>
          <SecureBadge>
            <LockIcon width={14} height={14} />
            {t('chat.room.secure')}
          </SecureBadge>
        </TitleRow>
        <Stats>
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
            aria-label={t('chat.room.shareLabel')}
          >
            <LinkIcon width={16} height={16} />
            <ShareText $hideNarrow={mobile}>{t('chat.room.share')}</ShareText>
          </Button>
        </Stats>
      </Header>

      <Safety aria-live="polite">
        <ShieldIcon width={18} height={18} />
        <SafetyText>
          <SafetyLabel>{t('chat.room.safety.label')}</SafetyLabel>
          {state.safetyCode !== null ? (
            <SafetyCode data-testid="chat-safety-code" dir="ltr">
              {state.safetyCode}
            </SafetyCode>
          ) : (
            <SafetyPending>
              {reconnecting
                ? t('chat.room.reconnecting')
                : alone
                  ? t('chat.room.safety.pending')
                  : t('chat.room.safety.securing')}
            </SafetyPending>
          )}
          <SafetyHelp>{t('chat.room.safety.help')}</SafetyHelp>
        </SafetyText>
      </Safety>

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

      <ChatComposer enabled={ready} placeholder={placeholder} onSend={onSend} compact={mobile} />
    </Room>
  );
}

/** "n/max" on screen; a full sentence for assistive technology. */
function ParticipantCount({ n }: { n: number }) {
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
    margin-block: 32px;
    margin-inline: auto;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.large};
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

  &[data-layout='mobile'] {
    flex: 1;
    block-size: calc(100dvh - 57px - env(safe-area-inset-top));
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding-block: 14px;
  padding-inline: 18px;
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};

  ${Room}[data-layout='mobile'] & {
    padding-block: 10px;
    padding-inline: 12px;
    gap: 8px;
  }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  min-inline-size: 0;
`;

const Heading = styled.h1`
  font-size: 20px;
  font-weight: 700;
  letter-spacing: -0.01em;
  outline: none;

  ${Room}[data-layout='mobile'] & {
    font-size: 17px;
  }
`;

const SecureBadge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  padding-block: 3px;
  padding-inline: 9px;
  border-radius: ${({ theme }) => theme.radius.round};
  background: rgba(74, 222, 128, 0.12);
  color: #4ade80;
  font-size: 12px;
  font-weight: 650;
`;

const Stats = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-inline-start: auto;
`;

const Stat = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-block-size: 36px;
  padding-inline: 10px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
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

const Safety = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding-block: 10px;
  padding-inline: 18px;
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;

  > svg {
    flex: none;
    margin-block-start: 2px;
    color: #4ade80;
  }

  ${Room}[data-layout='mobile'] & {
    padding-inline: 12px;
  }
`;

const SafetyText = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: 10px;
  row-gap: 2px;
  min-inline-size: 0;
`;

const SafetyLabel = styled.span`
  font-weight: 650;
  color: ${({ theme }) => theme.color.text};
`;

const SafetyCode = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 15px;
  font-weight: 650;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.color.primary};
  unicode-bidi: isolate;
`;

const SafetyPending = styled.span`
  font-style: italic;
`;

const SafetyHelp = styled.span`
  flex-basis: 100%;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textSubtle};
`;

const Banner = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding-block: 6px;
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-size: 13px;
  font-weight: 600;
`;

const FullCount = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding-block: 6px;
  padding-inline: 14px;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;
