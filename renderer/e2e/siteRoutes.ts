import crypto from 'node:crypto';
import { SEED_ARTICLES } from '../../backend/src/blog/seed-articles.ts';
import { routePaths } from '../src/app/paths.ts';
import type en from '../src/i18n/locales/en.json';
import type pagesEn from '../src/i18n/pages/en.json';

type Texts = typeof en;
type Pages = typeof pagesEn;

/** An id in the note/room format (22 base64url characters) that the server does not know. */
function unknownId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** A key in the link-fragment format (43 base64url characters). */
function someKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export interface SiteRoute {
  name: string;
  path: string;
  /** The page's one <h1>, from the language's locale file (or its `pages` file). */
  heading: (texts: Texts, pages: Pages) => string;
  /** The document title's own part, when it is not the heading (a room's state changes). */
  title?: (texts: Texts, pages: Pages) => string;
  /** Pages holding a secret in their URL, or nothing worth indexing, must say noindex. */
  noIndex: boolean;
  /** The HTTP status of the page: 200 unless the app has no page there (404). */
  status?: 404;
}

/** Every route a visitor can land on, the secret-bearing ones with a well-formed link. */
export function siteRoutes(): SiteRoute[] {
  return [
    { name: 'home', path: routePaths.home, heading: (t) => t.home.title, noIndex: false },
    {
      name: 'features',
      path: routePaths.features,
      heading: (t) => t.features.title,
      noIndex: false,
    },
    {
      name: 'security',
      path: routePaths.security,
      heading: (t) => t.security.title,
      noIndex: false,
    },
    { name: 'privacy', path: routePaths.privacy, heading: (t) => t.privacy.title, noIndex: false },
    { name: 'terms', path: routePaths.terms, heading: (t) => t.terms.title, noIndex: false },
    { name: 'faq', path: routePaths.faq, heading: (t) => t.faq.title, noIndex: false },
    {
      name: 'developers',
      path: routePaths.developers,
      heading: (_t, pages) => pages.developers.title,
      noIndex: false,
    },
    { name: 'chat', path: routePaths.chat, heading: (t) => t.chat.create.title, noIndex: false },
    {
      name: 'request',
      path: routePaths.requestCreate,
      heading: (t) => t.request.create.title,
      noIndex: false,
    },
    {
      name: 'blog',
      path: routePaths.blog,
      heading: (_t, pages) => pages.blog.list.title,
      noIndex: false,
    },
    {
      name: 'blog-article',
      // A seeded article: its title is content, the same in every interface language.
      path: routePaths.blogArticle(SEED_ARTICLES[0]!.id),
      heading: () => SEED_ARTICLES[0]!.title,
      noIndex: false,
    },
    {
      name: 'mobile',
      title: (_t, pages) => pages.mobile.title,
      path: routePaths.mobile,
      heading: (_t, pages) => pages.mobile.create.title,
      noIndex: false,
    },
    {
      name: 'analytics',
      path: routePaths.analytics,
      heading: (t) => t.analytics.title,
      noIndex: true,
    },
    {
      name: 'note',
      path: `${routePaths.note(unknownId())}#${someKey()}`,
      heading: (t) => t.note.viewer.title,
      noIndex: true,
    },
    {
      name: 'chat-room',
      title: (t) => t.chat.room.title,
      path: `${routePaths.chatRoom(unknownId())}#${someKey()}`,
      heading: (t) => t.chat.room.invalid.title,
      noIndex: true,
    },
    {
      name: 'mobile-chat-room',
      title: (t) => t.chat.room.title,
      path: `${routePaths.mobileChatRoom(unknownId())}#${someKey()}`,
      heading: (t) => t.chat.room.invalid.title,
      noIndex: true,
    },
    {
      name: 'request-answer',
      path: `${routePaths.request(unknownId())}#${someKey()}`,
      heading: (t) => t.request.answer.title,
      noIndex: true,
    },
    {
      name: 'request-claim',
      path: `${routePaths.requestClaim(unknownId())}#${someKey()}`,
      heading: (t) => t.request.claim.title,
      noIndex: true,
    },
    {
      name: 'not-found',
      path: '/no/such/page',
      heading: (t) => t.notFound.title,
      noIndex: true,
      status: 404,
    },
  ];
}
