import { useStore } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { DEFAULT_CHAT_DURATION } from '../../../../shared/limits.ts';
import {
  mobileChatDurationAtom,
  rememberedRoomAtom,
} from '../../features/chat/mobile/mobileChatAtoms.ts';
import { mobileNoteAtom } from '../../features/notes/mobile/mobileNoteAtom.ts';
import { mobileRequestAtom } from '../../features/requests/mobile/mobileRequestAtom.ts';
import { initialMobileNote } from '../../features/notes/mobile/mobileNoteFlow.ts';
import { registerServiceWorker } from '../../pwa/registerServiceWorker.ts';
import { RouteLoading } from '../RouteStates.tsx';
import { TabBar, TAB_BAR_SIZE } from './TabBar.tsx';

/**
 * The layout route of the app-style variant: `/mobile` (Create), `/mobile/chat`,
 * `/mobile/request`, `/mobile/settings` and the rooms at `/mobile-chat/:id`, with the tab bar under all of them.
 * The site's frame around it (AppLayout) shows the slim mobile header and no footer. Each tab
 * is its feature's own (notes, chat, requests, settings) and keeps its state in its feature's atoms while
 * another is shown; leaving the shell forgets them (the note, its link and the room's key lived
 * in memory only). The installable app's service worker is registered from here: the shell is
 * what gets installed.
 */
export function MobileShell() {
  const store = useStore();
  useEffect(() => registerServiceWorker(), []);
  useEffect(
    () => () => {
      store.set(mobileNoteAtom, initialMobileNote);
      store.set(mobileChatDurationAtom, DEFAULT_CHAT_DURATION);
      store.set(rememberedRoomAtom, null);
      store.set(mobileRequestAtom, null);
    },
    [store],
  );

  return (
    <>
      <TabBarSpace />
      <Content>
        {/* A tab whose code is still on its way waits here, below the shell: the shell (its
            tab bar, and the tabs' state, which it forgets when it goes) stays. */}
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </Content>
      <TabBar />
    </>
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
