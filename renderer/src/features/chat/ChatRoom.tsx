import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { missingCase } from '../../../../shared/errors.ts';
import { CHAT_MAX_PARTICIPANTS } from '../../../../shared/limits.ts';
import { routePaths } from '../../app/paths.ts';
import { shareLink } from '../../platform/index.ts';
import { useContentProtection } from '../../platform/useContentProtection.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { AlertIcon, LinkIcon, TimerOffIcon, UsersIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCopyFeedback } from '../../ui/useCopyFeedback.ts';
import { ActiveRoom, ParticipantCount } from './ActiveRoom.tsx';
import { chatRoomHref } from './chatLinks.ts';
import type { ChatLayout } from './chatLinks.ts';
import { ChatStatusView } from './ChatStatusView.tsx';
import { roomKeyFromHash } from './chatText.ts';
import { useChatNotice, useRoomPhaseToasts } from './useChatRoomToasts.ts';
import { useChatRoom } from './useChatRoom.ts';
import { trackEvent } from '../../api/track.ts';
import { radius, space } from '../../ui/tokens.ts';

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
  const { copy } = useCopyFeedback();
  const location = useLocation();
  const mobile = layout === 'mobile';
  // Read once: the key never changes for this room, and never leaves the fragment.
  const roomKey = useMemo(() => roomKeyFromHash(location.hash), [location.hash]);
  const createPath = mobile ? routePaths.mobileChat : routePaths.chat;
  useContentProtection(true);

  const { state, send, retry } = useChatRoom(sessionId, roomKey, useChatNotice());
  const { phase } = state;
  useRoomPhaseToasts({
    phase,
    mobile,
    createPath,
    justCreated: (location.state as { created?: unknown } | null)?.created === true,
  });

  const share = async () => {
    if (!sessionId || !roomKey) return;
    const link = shareLink(chatRoomHref(sessionId, roomKey, layout));
    trackEvent('chat_link_copied');
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
    default:
      return missingCase(phase);
  }
}

const FullCount = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${space[2]};
  padding-block: ${space[1.5]};
  padding-inline: ${space[3.5]};
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;
