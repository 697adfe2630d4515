import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_APP_ORIGIN } from '../../shared/desktop-origin.ts';
import {
  decidePermission,
  denyPermissions,
  externalUrlPolicy,
  guardWebContents,
  isAllowedNavigation,
  type NavigationDetails,
} from './security.ts';

const ORIGIN = DESKTOP_APP_ORIGIN;

describe('isAllowedNavigation', () => {
  it('allows any page of the app origin (app://ashnote)', () => {
    for (const url of [
      `${ORIGIN}/`,
      `${ORIGIN}/note/abc#key`,
      `${ORIGIN}/chat/xyz?x=1#k`,
      'app://ashnote',
    ]) {
      expect(isAllowedNavigation(url), url).toBe(true);
    }
  });

  it('refuses every other origin, including look-alikes and the servers the app talks to', () => {
    for (const url of [
      'app://ashnote.evil.example/',
      'app://evil/',
      'app://ashnote:8080/',
      'ashnote://note/abc',
      'http://127.0.0.1:49152/',
      'https://ashnote/',
      'https://notes.example.org/note/abc',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<h1>x</h1>',
      'about:blank',
      'not a url',
      '',
    ]) {
      expect(isAllowedNavigation(url), url).toBe(false);
    }
  });
});

describe('externalUrlPolicy', () => {
  it('opens https links in the browser, in canonical form', () => {
    expect(externalUrlPolicy('https://example.org/a?b=c#d')).toEqual({
      action: 'open-external',
      url: 'https://example.org/a?b=c#d',
    });
    expect(externalUrlPolicy('HTTPS://Example.ORG')).toEqual({
      action: 'open-external',
      url: 'https://example.org/',
    });
  });

  it('refuses other schemes, credentials, missing hosts and oversized input', () => {
    for (const url of [
      'http://example.org/',
      'file:///C:/Windows/System32/calc.exe',
      'javascript:alert(1)',
      'mailto:someone@example.org',
      'ms-msdt:/id PCWDiagnostic',
      'smb://server/share',
      'https://user:secret@example.org/',
      'https://',
      'not a url',
      `https://example.org/${'a'.repeat(3000)}`,
    ]) {
      expect(externalUrlPolicy(url), url).toEqual({ action: 'deny' });
    }
  });
});

describe('decidePermission', () => {
  it('refuses every permission, from any page', () => {
    for (const permission of [
      'media',
      'notifications',
      'geolocation',
      'clipboard-read',
      'clipboard-sanitized-write',
      'fullscreen',
      'openExternal',
      'hid',
      'unknown-future-permission',
    ]) {
      expect(decidePermission(permission), permission).toBe(false);
      expect(decidePermission(permission, `${ORIGIN}/`), permission).toBe(false);
    }
  });

  it("grants Local Network Access to the app's own page only, so it can reach its server", () => {
    for (const permission of ['local-network-access', 'local-network', 'loopback-network']) {
      expect(decidePermission(permission, ORIGIN), permission).toBe(true);
      expect(decidePermission(permission, `${ORIGIN}/note/x`), permission).toBe(true);
      expect(decidePermission(permission, 'https://evil.example'), permission).toBe(false);
      expect(decidePermission(permission, 'http://127.0.0.1:3000'), permission).toBe(false);
      expect(decidePermission(permission), permission).toBe(false);
    }
  });
});

function fakeContents() {
  const listeners = new Map<string, (details: NavigationDetails) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents = {
    on(event: string, listener: (details: NavigationDetails) => void) {
      listeners.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
      openHandler = handler;
    },
  };
  const emit = (event: string, url = '') => {
    const preventDefault = vi.fn();
    const listener = listeners.get(event);
    if (!listener) throw new Error(`no ${event} listener`);
    listener({ url, preventDefault });
    return preventDefault.mock.calls.length > 0;
  };
  const open = (url: string) => {
    if (!openHandler) throw new Error('no window open handler');
    return openHandler({ url });
  };
  return { contents, emit, open };
}

function guarded() {
  const fake = fakeContents();
  const openExternal = vi.fn(async (_url: string) => {});
  guardWebContents(fake.contents, { openExternal });
  return { ...fake, openExternal };
}

describe('guardWebContents', () => {
  it('lets the window navigate within the app', () => {
    const { emit, openExternal } = guarded();
    expect(emit('will-navigate', `${ORIGIN}/note/abc`)).toBe(false);
    expect(emit('will-frame-navigate', `${ORIGIN}/faq`)).toBe(false);
    expect(emit('will-redirect', `${ORIGIN}/`)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('keeps the window in the app and sends a clicked https link to the browser', () => {
    const { emit, openExternal } = guarded();
    expect(emit('will-navigate', 'https://example.org/post')).toBe(true);
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/post');
  });

  it('blocks navigation to other schemes without opening anything', () => {
    const { emit, openExternal } = guarded();
    for (const url of ['file:///etc/passwd', 'http://example.org/', 'javascript:alert(1)']) {
      expect(emit('will-navigate', url), url).toBe(true);
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('blocks foreign sub-frame navigations and redirects without opening them', () => {
    const { emit, openExternal } = guarded();
    expect(emit('will-frame-navigate', 'https://tracker.example/')).toBe(true);
    expect(emit('will-redirect', 'https://elsewhere.example/')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('never opens a new window; https targets go to the browser', () => {
    const { open, openExternal } = guarded();
    expect(open('https://example.org/')).toEqual({ action: 'deny' });
    expect(open(`${ORIGIN}/note/abc`)).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/');
  });

  it('refuses to attach a <webview>', () => {
    const { emit } = guarded();
    expect(emit('will-attach-webview')).toBe(true);
  });

  it('keeps the window off the server it talks to, including the built-in one', () => {
    const { emit } = guarded();
    expect(emit('will-navigate', 'http://127.0.0.1:49152/')).toBe(true);
    expect(emit('will-redirect', 'http://127.0.0.1:49152/')).toBe(true);
  });

  it('reports a failure of the system browser instead of throwing', async () => {
    const fake = fakeContents();
    const onError = vi.fn();
    const failure = new Error('no browser');
    guardWebContents(fake.contents, {
      openExternal: () => Promise.reject(failure),
      onError,
    });
    fake.open('https://example.org/');
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });
});

describe('denyPermissions', () => {
  it('installs handlers that refuse requests, checks and devices, but the one exception', () => {
    const installed: {
      request?: (
        wc: unknown,
        permission: string,
        cb: (granted: boolean) => void,
        details: { requestingUrl?: string },
      ) => void;
      check?: (wc: unknown, permission: string, origin: string) => boolean;
      device?: (details: unknown) => boolean;
    } = {};
    denyPermissions({
      setPermissionRequestHandler: (handler) => (installed.request = handler),
      setPermissionCheckHandler: (handler) => (installed.check = handler),
      setDevicePermissionHandler: (handler) => (installed.device = handler),
    });
    const { request, check, device } = installed;
    if (!request || !check || !device) throw new Error('a handler is missing');

    const callback = vi.fn();
    request({}, 'media', callback, { requestingUrl: `${ORIGIN}/` });
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    expect(check({}, 'clipboard-read', ORIGIN)).toBe(false);
    const network = vi.fn();
    request({}, 'local-network-access', network, { requestingUrl: `${ORIGIN}/` });
    expect(network).toHaveBeenCalledExactlyOnceWith(true);
    expect(check({}, 'local-network-access', ORIGIN)).toBe(true);
    expect(check({}, 'local-network-access', 'https://evil.example')).toBe(false);
    expect(device({ deviceType: 'hid' })).toBe(false);
  });
});
