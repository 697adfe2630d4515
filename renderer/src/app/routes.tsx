import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from './HomePage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { useDesktopShell } from '../features/settings/desktopShell.ts';
import { withPagesNamespace } from '../i18n/index.ts';
import { platform } from '../platform/index.ts';
import { PageDataScope } from '../prerender/pageData.tsx';
import { ControlsOnceStarted, lazyWithControls } from '../ui/ControlsOnceStarted.tsx';
import { AppLayout } from './Layout.tsx';

/**
 * A page whose code loads the first time it is shown, its controls waiting for that code;
 * `name` names its element ids (ui/ids.tsx).
 */
function lazyPage<M>(name: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyWithControls(name, async () => pick(await load()));
}

// Pages other than home and 404 load on demand, so a visitor reading a note does not download
// the analytics dashboard. Pages showing the long documents also wait for those texts (the
// `pages` namespace), so they render complete.
const FeaturesPage = lazyPage(
  'FeaturesPage',
  () => withPagesNamespace(import('../features/static/FeaturesPage.tsx')),
  (module) => module.FeaturesPage,
);
const SecurityPage = lazyPage(
  'SecurityPage',
  () => withPagesNamespace(import('../features/static/SecurityPage.tsx')),
  (module) => module.SecurityPage,
);
const PrivacyPage = lazyPage(
  'PrivacyPage',
  () => withPagesNamespace(import('../features/static/PrivacyPage.tsx')),
  (module) => module.PrivacyPage,
);
const TermsPage = lazyPage(
  'TermsPage',
  () => withPagesNamespace(import('../features/static/TermsPage.tsx')),
  (module) => module.TermsPage,
);
const FaqPage = lazyPage(
  'FaqPage',
  () => withPagesNamespace(import('../features/faq/FaqPage.tsx')),
  (module) => module.FaqPage,
);
const NoteViewerPage = lazyPage(
  'NoteViewerPage',
  () => import('../features/notes/view/NoteViewerPage.tsx'),
  (module) => module.NoteViewerPage,
);
const NoteStatusPage = lazyPage(
  'NoteStatusPage',
  () => import('../features/notes/status/NoteStatusPage.tsx'),
  (module) => module.NoteStatusPage,
);
const RequestCreatePage = lazyPage(
  'RequestCreatePage',
  () => import('../features/requests/RequestCreatePage.tsx'),
  (module) => module.RequestCreatePage,
);
const RequestAnswerPage = lazyPage(
  'RequestAnswerPage',
  () => import('../features/requests/RequestAnswerPage.tsx'),
  (module) => module.RequestAnswerPage,
);
const RequestClaimPage = lazyPage(
  'RequestClaimPage',
  () => import('../features/requests/RequestClaimPage.tsx'),
  (module) => module.RequestClaimPage,
);
const ChatCreatePage = lazyPage(
  'ChatCreatePage',
  () => import('../features/chat/ChatCreatePage.tsx'),
  (module) => module.ChatCreatePage,
);
const ChatRoomPage = lazyPage(
  'ChatRoomPage',
  () => import('../features/chat/ChatRoomPage.tsx'),
  (module) => module.ChatRoomPage,
);
const MobileChatRoomPage = lazyPage(
  'MobileChatRoomPage',
  () => import('../features/chat/MobileChatRoomPage.tsx'),
  (module) => module.MobileChatRoomPage,
);
const ApiReferencePage = lazyPage(
  'ApiReferencePage',
  () => withPagesNamespace(import('../features/developers/ApiReferencePage.tsx')),
  (module) => module.ApiReferencePage,
);
const BlogListPage = lazyPage(
  'BlogListPage',
  () => withPagesNamespace(import('../features/blog/BlogListPage.tsx')),
  (module) => module.BlogListPage,
);
const BlogArticlePage = lazyPage(
  'BlogArticlePage',
  () => withPagesNamespace(import('../features/blog/BlogArticlePage.tsx')),
  (module) => module.BlogArticlePage,
);
const AnalyticsPage = lazyPage(
  'AnalyticsPage',
  () => withPagesNamespace(import('../features/analytics/AnalyticsPage.tsx')),
  (module) => module.AnalyticsPage,
);
const MobileShell = lazyPage(
  'MobileShell',
  () => withPagesNamespace(import('./mobile/MobileShell.tsx')),
  (module) => module.MobileShell,
);
const MobileCreateTab = lazyPage(
  'MobileCreateTab',
  () => import('../features/notes/mobile/CreateTab.tsx'),
  (module) => module.CreateTab,
);
const MobileChatTab = lazyPage(
  'MobileChatTab',
  () => import('../features/chat/mobile/ChatTab.tsx'),
  (module) => module.ChatTab,
);
const MobileRequestTab = lazyPage(
  'MobileRequestTab',
  () => import('../features/requests/mobile/RequestTab.tsx'),
  (module) => module.RequestTab,
);
const MobileSettingsTab = lazyPage(
  'MobileSettingsTab',
  () => import('../features/settings/mobile/SettingsTab.tsx'),
  (module) => module.SettingsTab,
);
const SettingsPage = lazyPage(
  'SettingsPage',
  () => import('../features/settings/SettingsPage.tsx'),
  (module) => module.SettingsPage,
);

/**
 * Every client route; paths match `routePaths` in ./paths.ts. Declarative routes: the app has
 * no loaders or actions, and the data router they would need doubles the router's weight on
 * every page (bench/bundle.bench.ts).
 */
export function AppRoutes() {
  useDesktopShell();
  return (
    <PageDataScope>
      <Routes>
        <Route element={<AppLayout />}>
          <Route
            index
            element={
              <ControlsOnceStarted>
                <HomePage />
              </ControlsOnceStarted>
            }
          />
          <Route path="features" element={<FeaturesPage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="note/:id" element={<NoteViewerPage />} />
          {/* A note link without its id: "Invalid Note URL" rather than "Page Not Found". */}
          <Route path="note" element={<NoteViewerPage />} />
          <Route path="s/:id" element={<NoteStatusPage />} />
          <Route path="request" element={<RequestCreatePage />} />
          <Route path="r/:id" element={<RequestAnswerPage />} />
          <Route path="r/:id/open" element={<RequestClaimPage />} />
          <Route path="chat" element={<ChatCreatePage />} />
          <Route path="chat/:sessionId" element={<ChatRoomPage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="developers" element={<ApiReferencePage />} />
          <Route path="blog" element={<BlogListPage />} />
          <Route path="blog/:id" element={<BlogArticlePage />} />
          <Route path="analytics" element={<AnalyticsPage />} />
          {/* The app-style shell: its tabs and its chat rooms share the tab bar and state. */}
          <Route element={<MobileShell />}>
            <Route path="mobile" element={<MobileCreateTab />} />
            <Route path="mobile/chat" element={<MobileChatTab />} />
            <Route path="mobile/request" element={<MobileRequestTab />} />
            <Route path="mobile/settings" element={<MobileSettingsTab />} />
            <Route path="mobile-chat/:sessionId" element={<MobileChatRoomPage />} />
          </Route>
          {/* The desktop app's own settings; the web has none (a 404 there). */}
          {platform.kind === 'desktop' && <Route path="settings" element={<SettingsPage />} />}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </PageDataScope>
  );
}
