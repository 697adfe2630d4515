import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { ApiError } from '../../../api/client.ts';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { ClockIcon, UsersIcon } from '../../../ui/icons.tsx';
import { PageSection, Row } from '../../../ui/layout.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { MutedText } from '../../../ui/text.ts';
import { ParticipantCount } from '../ActiveRoom.tsx';
import { fetchChatRoomStatus } from '../chatApi.ts';
import { chatRoomHref } from '../chatLinks.ts';
import { formatCountdown } from '../chatText.ts';
import type { RememberedRoom } from './mobileChatAtoms.ts';
import { fontSize, radius, space } from '../../../ui/tokens.ts';

type RoomStatus =
  | { state: 'checking' }
  | { state: 'open'; endsAt: number; participants: number }
  /** The server could not be asked (offline): rejoining may still work. */
  | { state: 'unknown' };

interface CurrentRoomProps {
  room: RememberedRoom;
  /** The room has ended: the tab goes back to creating one. A stable function. */
  onGone: () => void;
  /** The person wants a new room instead. */
  onLeave: () => void;
}

/** The room this shell was last in, while it still runs: how long it has left, and Rejoin. */
export function CurrentRoom({ room, onGone, onLeave }: CurrentRoomProps) {
  const { t: tPage } = useTranslation('pages');
  const [status, setStatus] = useState<RoomStatus>({ state: 'checking' });
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    let current = true;
    fetchChatRoomStatus(room.sessionId).then(
      ({ timeRemaining, participantCount }) => {
        if (!current) return;
        if (timeRemaining <= 0) onGone();
        else {
          const checkedAt = Date.now();
          setNow(checkedAt);
          setStatus({
            state: 'open',
            endsAt: checkedAt + timeRemaining * 1000,
            participants: participantCount,
          });
        }
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) onGone();
        else setStatus({ state: 'unknown' });
      },
    );
    return () => {
      current = false;
    };
  }, [room.sessionId, onGone]);

  const endsAt = status.state === 'open' ? status.endsAt : null;
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      if (time >= endsAt) onGone();
      else setNow(time);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt, onGone]);

  if (status.state === 'checking') {
    return (
      <PageSection role="status" $gap={3}>
        <Row $gap={2.5}>
          <Spinner $size={18} />
          {tPage('mobile.chat.current.checking')}
        </Row>
      </PageSection>
    );
  }

  return (
    <PageSection aria-labelledby="mobile-current-room" $gap={3.5} data-testid="mobile-current-room">
      <Title id="mobile-current-room">{tPage('mobile.chat.current.title')}</Title>
      <MutedText>{tPage('mobile.chat.current.body')}</MutedText>
      {status.state === 'open' ? (
        <Row $gap={2.5}>
          <Stat>
            <ClockIcon width={16} height={16} />
            {tPage('mobile.chat.current.endsIn', {
              time: formatCountdown((status.endsAt - now) / 1000),
            })}
          </Stat>
          <Stat>
            <UsersIcon width={16} height={16} />
            <ParticipantCount n={status.participants} />
          </Stat>
        </Row>
      ) : null}
      <ButtonLink
        to={chatRoomHref(room.sessionId, room.roomKey, 'mobile')}
        $size="large"
        $fullWidth
      >
        {tPage('mobile.chat.current.rejoin')}
      </ButtonLink>
      <Button $variant="secondary" $size="large" $fullWidth onClick={onLeave}>
        {tPage('mobile.chat.current.newRoom')}
      </Button>
    </PageSection>
  );
}

const Title = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: 700;
`;

const Stat = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space[1.5]};
  padding-block: ${space[1]};
  padding-inline: ${space[3]};
  border-radius: ${radius.round};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-size: ${fontSize.md};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;
