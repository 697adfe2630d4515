import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEB_APP_ROUTES, isWebAppPage } from '../../../shared/web-app-routes.ts';

describe('the web app routes the server knows', () => {
  it('are the routes the renderer declares (besides its catch-all and the desktop-only ones)', () => {
    const routes = fs.readFileSync(
      new URL('../../../renderer/src/app/routes.tsx', import.meta.url),
      'utf8',
    );
    const declared = [...routes.matchAll(/<Route\s+(index|path="([^"]*)")[^>]*>/g)]
      .map((match) => (match[1] === 'index' ? '/' : `/${match[2]}`))
      .filter((path) => path !== '/*');
    // Desktop-only, and `/note` alone: declared to say "Invalid Note URL", not a page.
    const notPages = new Set(['/settings', '/note']);
    expect(new Set(declared.filter((path) => !notPages.has(path)))).toEqual(
      new Set(WEB_APP_ROUTES),
    );
  });

  it('tells a page from a path the app only answers with its 404 view', () => {
    const noteId = 'A'.repeat(22);
    for (const page of [
      '/',
      '/faq',
      '/faq/',
      `/note/${noteId}`,
      '/chat/abc',
      '/mobile/chat',
      '/request',
      `/r/${noteId}`,
      `/r/${noteId}/open`,
    ]) {
      expect(isWebAppPage(page), page).toBe(true);
    }
    for (const missing of [
      '/nope',
      '/note',
      '/note/',
      '/note/not-a-note',
      '/r/not-a-request',
      '/r/not-a-request/open',
      '/blog/a/b',
      '/settings',
    ]) {
      expect(isWebAppPage(missing), missing).toBe(false);
    }
  });
});
