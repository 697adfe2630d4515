/** Every client route, written once (STYLE.md habit 5). */
export const routePaths = {
  home: '/',
  features: '/features',
  security: '/security',
  privacy: '/privacy',
  terms: '/terms',
  note: (id: string) => `/note/${encodeURIComponent(id)}`,
  /** The sender's private status page of a note (its key in the fragment). */
  noteStatus: (id: string) => `/s/${encodeURIComponent(id)}`,
  /** Ask someone for a secret. */
  requestCreate: '/request',
  /** The request link's page: the responder's answer form. */
  request: (id: string) => `/r/${encodeURIComponent(id)}`,
  /** The claim link's page: the requester reads the answer. */
  requestClaim: (id: string) => `/r/${encodeURIComponent(id)}/open`,
  chat: '/chat',
  chatRoom: (sessionId: string) => `/chat/${encodeURIComponent(sessionId)}`,
  mobileChatRoom: (sessionId: string) => `/mobile-chat/${encodeURIComponent(sessionId)}`,
  faq: '/faq',
  /** The API reference (not /api, which is the API itself). */
  developers: '/developers',
  blog: '/blog',
  blogArticle: (id: string) => `/blog/${encodeURIComponent(id)}`,
  analytics: '/analytics',
  /** The mobile shell's tabs: Create, Chat, Request, Settings. */
  mobile: '/mobile',
  /** Desktop app only. */
  settings: '/settings',
  mobileChat: '/mobile/chat',
  mobileRequest: '/mobile/request',
  mobileSettings: '/mobile/settings',
} as const;

/** The app-style screens run full-screen: no site navigation bar, no footer (spec §2). */
export function isMobileShellPath(pathname: string): boolean {
  return pathname.startsWith('/mobile');
}
