import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { AppLayout } from './Layout.tsx';
import { RouteError, RouteLoading } from './RouteStates.tsx';

/**
 * Every client route. Pages other than home and 404 load on demand, so a visitor reading a note
 * does not download the analytics dashboard. Paths match `routePaths` in ./paths.ts.
 */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: RouteLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors inside a page keep the navigation around them.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomePage },
          {
            path: 'features',
            lazy: async () => ({
              Component: (await import('../features/static/FeaturesPage.tsx')).FeaturesPage,
            }),
          },
          {
            path: 'security',
            lazy: async () => ({
              Component: (await import('../features/static/SecurityPage.tsx')).SecurityPage,
            }),
          },
          {
            path: 'privacy',
            lazy: async () => ({
              Component: (await import('../features/static/PrivacyPage.tsx')).PrivacyPage,
            }),
          },
          {
            path: 'terms',
            lazy: async () => ({
              Component: (await import('../features/static/TermsPage.tsx')).TermsPage,
            }),
          },
          {
            path: 'note/:id',
            lazy: async () => ({
              Component: (await import('../features/notes/NoteViewerPage.tsx')).NoteViewerPage,
            }),
          },
          {
            path: 'chat',
            lazy: async () => ({
              Component: (await import('../features/chat/ChatCreatePage.tsx')).ChatCreatePage,
            }),
          },
          {
            path: 'chat/:sessionId',
            lazy: async () => ({
              Component: (await import('../features/chat/ChatRoomPage.tsx')).ChatRoomPage,
            }),
          },
          {
            path: 'mobile-chat/:sessionId',
            lazy: async () => ({
              Component: (await import('../features/chat/MobileChatRoomPage.tsx'))
                .MobileChatRoomPage,
            }),
          },
          {
            path: 'faq',
            lazy: async () => ({
              Component: (await import('../features/faq/FaqPage.tsx')).FaqPage,
            }),
          },
          {
            path: 'blog',
            lazy: async () => ({
              Component: (await import('../features/blog/BlogListPage.tsx')).BlogListPage,
            }),
          },
          {
            path: 'blog/:id',
            lazy: async () => ({
              Component: (await import('../features/blog/BlogArticlePage.tsx')).BlogArticlePage,
            }),
          },
          {
            path: 'analytics',
            lazy: async () => ({
              Component: (await import('../features/analytics/AnalyticsPage.tsx')).AnalyticsPage,
            }),
          },
          {
            path: 'mobile',
            lazy: async () => ({
              Component: (await import('../features/mobile/MobilePage.tsx')).MobilePage,
            }),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
