import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../app/paths.ts';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { InsecureConnectionWarning } from '../../../ui/InsecureConnectionWarning.tsx';
import { CreateRoomForm } from '../../chat/CreateRoomForm.tsx';
import { MobileScreen } from '../MobileScreen.tsx';
import { useMobileShell } from '../mobileShellState.tsx';
import { CurrentRoom } from './CurrentRoom.tsx';

/**
 * `/mobile/chat`: the Chat tab is either in a room (rejoin it) or creating one (seed §4). The
 * room itself opens at `/mobile-chat/:id#key`, inside the shell.
 */
export function ChatTab() {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const { room, forgetRoom } = useMobileShell();
  usePageMeta({
    title: t('chat.create.title'),
    description: t('chat.create.intro'),
    canonical: routePaths.mobileChat,
  });

  return (
    <MobileScreen title={t('chat.create.title')} intro={tPage('mobile.chat.intro')}>
      <InsecureConnectionWarning />
      {room ? (
        <CurrentRoom key={room.sessionId} room={room} onGone={forgetRoom} onLeave={forgetRoom} />
      ) : (
        <CreateRoom />
      )}
    </MobileScreen>
  );
}

function CreateRoom() {
  const { chatDuration, setChatDuration } = useMobileShell();
  return (
    <CreateRoomForm duration={chatDuration} onDurationChange={setChatDuration} layout="mobile" />
  );
}
