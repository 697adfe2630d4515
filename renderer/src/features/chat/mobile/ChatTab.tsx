import { useAtom } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { routePaths } from '../../../app/paths.ts';
import { usePageMeta } from '../../../meta/usePageMeta.ts';
import { InsecureConnectionWarning } from '../../../ui/InsecureConnectionWarning.tsx';
import { CreateRoomForm } from '../CreateRoomForm.tsx';
import { MobileScreen } from '../../../ui/MobileScreen.tsx';
import { CurrentRoom } from './CurrentRoom.tsx';
import { mobileChatDurationAtom, rememberedRoomAtom } from './mobileChatAtoms.ts';

/**
 * `/mobile/chat`: the Chat tab is either in a room (rejoin it) or creating one (seed §4). The
 * room itself opens at `/mobile-chat/:id#key`, inside the shell.
 */
export function ChatTab() {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const [room, setRoom] = useAtom(rememberedRoomAtom);
  const forgetRoom = useCallback(() => setRoom(null), [setRoom]);
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
  const [chatDuration, setChatDuration] = useAtom(mobileChatDurationAtom);
  return (
    <CreateRoomForm duration={chatDuration} onDurationChange={setChatDuration} layout="mobile" />
  );
}
