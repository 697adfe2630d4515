import { useEffect } from 'react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { registerServiceWorker } from '../../pwa/registerServiceWorker.ts';
import { isValidRoomId, roomKeyFromHash } from '../chat/chatText.ts';
import { MobileShellProvider } from './mobileShellState.tsx';
import { TabBar, TAB_BAR_SIZE } from './TabBar.tsx';

/**
 * The layout route of the app-style variant: `/mobile` (Create), `/mobile/chat`,
 * `/mobile/settings` and the rooms at `/mobile-chat/:id`, with the tab bar under all of them.
 * The site's frame around it (AppLayout) shows the slim mobile header and no footer. Each tab
 * keeps its state here while another is shown, and the installable app's service worker is
 * registered from here: the shell is what gets installed.
 */
export function MobileShell() {
  // A layout route sees its child's params: set on a room's page only.
  const { sessionId } = useParams();
  const roomKey = roomKeyFromHash(useLocation().hash);
  const visitingRoom = isValidRoomId(sessionId) && roomKey ? { sessionId, roomKey } : null;

  useEffect(() => registerServiceWorker(), []);

  return (
    <MobileShellProvider visitingRoom={visitingRoom}>
      <TabBarSpace />
      <Content>
        <Outlet />
      </Content>
      <TabBar />
    </MobileShellProvider>
  );
}

/**
 * The tab bar's height for whatever must keep clear of it while the shell is shown: the
 * content below, a chat room's height, the toasts (which live outside the shell).
 */
const TabBarSpace = createGlobalStyle`
  :root {
    --mobile-tab-bar-size: ${TAB_BAR_SIZE};
  }
`;

const Content = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  /* Nothing ends up under the fixed tab bar. */
  padding-block-end: var(--mobile-tab-bar-size);
`;
