import { describe, expect, it } from 'vitest';
import { appPathFromLink, sameOrigin } from './desktop-links.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStUv'; // 22 characters, like every note and room id
const KEY = 'k'.repeat(40) + '_-Z'; // 43 base64url characters
const SERVER = 'https://notes.example.org';

describe('appPathFromLink', () => {
  it('opens ashnote:// note and chat links as app routes, key kept in the fragment', () => {
    expect(appPathFromLink(`ashnote://note/${ID}#${KEY}`, null)).toBe(`/note/${ID}#${KEY}`);
    expect(appPathFromLink(`ashnote://chat/${ID}#${KEY}`, null)).toBe(`/chat/${ID}#${KEY}`);
    expect(appPathFromLink(`ashnote://note/${ID}/#${KEY}`, SERVER)).toBe(`/note/${ID}#${KEY}`);
  });

  it('opens a sender’s status link, from the app’s scheme or the server, and no mangled one', () => {
    expect(appPathFromLink(`ashnote://s/${ID}#${KEY}`, null)).toBe(`/s/${ID}#${KEY}`);
    expect(appPathFromLink(`${SERVER}/s/${ID}#${KEY}`, SERVER)).toBe(`/s/${ID}#${KEY}`);
    expect(appPathFromLink(`${SERVER}/s/${ID}#${KEY.slice(1)}`, SERVER)).toBeNull();
    expect(appPathFromLink(`${SERVER}/s/short#${KEY}`, SERVER)).toBeNull();
  });

  it("opens a request's two links, the answer form and the claim", () => {
    expect(appPathFromLink(`ashnote://r/${ID}#${KEY}`, null)).toBe(`/r/${ID}#${KEY}`);
    expect(appPathFromLink(`ashnote://r/${ID}/open#${KEY}`, null)).toBe(`/r/${ID}/open#${KEY}`);
    expect(appPathFromLink(`${SERVER}/r/${ID}#${KEY}`, SERVER)).toBe(`/r/${ID}#${KEY}`);
    expect(appPathFromLink(`${SERVER}/r/${ID}/open/#${KEY}`, SERVER)).toBe(`/r/${ID}/open#${KEY}`);
    for (const text of [
      `ashnote://r/${ID}/other#${KEY}`,
      `ashnote://note/${ID}/open#${KEY}`,
      `${SERVER}/r/${ID}/opened#${KEY}`,
      `${SERVER}/r/short/open#${KEY}`,
    ]) {
      expect(appPathFromLink(text, SERVER), text).toBeNull();
    }
  });

  it("opens the configured server's own links, and only that server's", () => {
    expect(appPathFromLink(`${SERVER}/note/${ID}#${KEY}`, SERVER)).toBe(`/note/${ID}#${KEY}`);
    expect(appPathFromLink(`  ${SERVER}/chat/${ID}#${KEY}\n`, SERVER)).toBe(`/chat/${ID}#${KEY}`);
    expect(appPathFromLink(`${SERVER}/mobile-chat/${ID}#${KEY}`, SERVER)).toBe(
      `/mobile-chat/${ID}#${KEY}`,
    );
    expect(
      appPathFromLink(`http://127.0.0.1:3000/note/${ID}#${KEY}`, 'http://127.0.0.1:3000'),
    ).toBe(`/note/${ID}#${KEY}`);
    for (const other of [
      `https://evil.example/note/${ID}#${KEY}`,
      `http://notes.example.org/note/${ID}#${KEY}`,
      `https://notes.example.org:8443/note/${ID}#${KEY}`,
      `https://notes.example.org.evil.example/note/${ID}#${KEY}`,
    ]) {
      expect(appPathFromLink(other, SERVER), other).toBeNull();
    }
    expect(appPathFromLink(`${SERVER}/note/${ID}#${KEY}`, null)).toBeNull();
  });

  it('refuses anything but a note or room with a well-formed id and key', () => {
    for (const text of [
      `ashnote://note/${ID}`,
      `ashnote://note/${ID}#short`,
      `ashnote://note/${ID}#${KEY}x`,
      `ashnote://note/short#${KEY}`,
      `ashnote://note/${ID}/extra#${KEY}`,
      `ashnote://settings/${ID}#${KEY}`,
      `ashnote://note:99/${ID}#${KEY}`,
      `ashnote://constructor/${ID}#${KEY}`,
      `ashnote://__proto__/${ID}#${KEY}`,
      `ashnote://note/..%2F..%2Fetc#${KEY}`,
      `${SERVER}/faq/${ID}#${KEY}`,
      `${SERVER}/note/${ID}?x=1#${KEY}`,
      `${SERVER}/note/a/${ID}#${KEY}`,
      'javascript:alert(1)',
      'not a link',
      '',
    ]) {
      expect(appPathFromLink(text, SERVER), text).toBeNull();
    }
  });
});

describe('sameOrigin', () => {
  it('compares scheme, host and port, also for custom schemes', () => {
    expect(sameOrigin(new URL('app://ashnote/x'), 'app://ashnote')).toBe(true);
    expect(sameOrigin(new URL('app://ashnote.evil/x'), 'app://ashnote')).toBe(false);
    expect(sameOrigin(new URL('https://a.example:1/'), 'https://a.example:2')).toBe(false);
    expect(sameOrigin(new URL('https://a.example/'), 'not an origin')).toBe(false);
  });
});
