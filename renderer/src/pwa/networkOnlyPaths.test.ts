import { describe, expect, it } from 'vitest';
import { NETWORK_ONLY_NAVIGATIONS } from './networkOnlyPaths.ts';

const networkOnly = (path: string) =>
  NETWORK_ONLY_NAVIGATIONS.some((pattern) => pattern.test(path));

describe('navigations the service worker never answers from its cache', () => {
  it.each([
    '/api',
    '/api/newsletter/unsubscribe?token=abc',
    '/api/notes/abc',
    '/ws',
    '/note/AAAAAAAAAAAAAAAAAAAAAA',
    '/chat/AAAAAAAAAAAAAAAAAAAAAA',
    '/mobile-chat/AAAAAAAAAAAAAAAAAAAAAA',
  ])('%s goes to the network', (path) => {
    expect(networkOnly(path)).toBe(true);
  });

  it.each([
    '/',
    '/mobile',
    '/mobile/chat',
    '/mobile/settings',
    '/chat',
    '/faq',
    '/apiary',
    '/notes',
  ])('%s may fall back to the app shell offline', (path) => {
    expect(networkOnly(path)).toBe(false);
  });
});
