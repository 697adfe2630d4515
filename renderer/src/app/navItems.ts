import { routePaths } from './paths.ts';

/** The site menu, in display order; shared by the desktop bar and the drawer. */
export const NAV_ITEMS = [
  { key: 'home', to: routePaths.home, end: true },
  { key: 'features', to: routePaths.features, end: false },
  { key: 'security', to: routePaths.security, end: false },
  { key: 'privacy', to: routePaths.privacy, end: false },
  { key: 'terms', to: routePaths.terms, end: false },
  { key: 'chat', to: routePaths.chat, end: false },
  { key: 'request', to: routePaths.requestCreate, end: false },
  { key: 'faq', to: routePaths.faq, end: false },
  { key: 'blog', to: routePaths.blog, end: false },
  { key: 'analytics', to: routePaths.analytics, end: false },
] as const;

export type NavItemKey = (typeof NAV_ITEMS)[number]['key'];
