import { describe, expect, it, vi } from 'vitest';
import {
  decidePermission,
  denyPermissions,
  externalUrlPolicy,
  guardWebContents,
  isAllowedNavigation,
  type NavigationDetails,
} from './security.ts';

const ORIGIN = 'http://127.0.0.1:49152';

describe('isAllowedNavigation', () => {
  it('allows any page of the app origin', () => {
    for (const url of [
      `${ORIGIN}/`,
      `${ORIGIN}/note/abc#key`,
      `${ORIGIN}/chat/xyz?x=1#k`,
      'http://127.0.0.1:49152',
    ]) {
      expect(isAllowedNavigation(url, ORIGIN), url).toBe(true);
    }
  });

  it('refuses every other origin, including look-alikes', () => {
    for (const url of [
      'http://127.0.0.1:49153/',
      'https://127.0.0.1:49152/',
      'http://localhost:49152/',
      'http://127.0.0.1:49152.evil.example/',
      'http://127.0.0.1:49152@evil.example/',
      'https://ashnote.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<h1>x</h1>',
      'about:blank',
      'not a url',
      '',
    ]) {
      expect(isAllowedNavigation(url, ORIGIN), url).toBe(false);
    }
  });

  it('refuses everything while the app origin is not known yet', () => {
    expect(isAllowedNavigation(`${ORIGIN}/`, null)).toBe(false);
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
  it('refuses every permission', () => {
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

function guarded(origin: string | null = ORIGIN) {
  const fake = fakeContents();
  const openExternal = vi.fn(async (_url: string) => {});
  guardWebContents(fake.contents, { appOrigin: () => origin, openExternal });
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

  it('denies all navigation before the app origin is known', () => {
    const { emit } = guarded(null);
    expect(emit('will-navigate', `${ORIGIN}/`)).toBe(true);
  });

  it('reports a failure of the system browser instead of throwing', async () => {
    const fake = fakeContents();
    const onError = vi.fn();
    const failure = new Error('no browser');
    guardWebContents(fake.contents, {
      appOrigin: () => ORIGIN,
      openExternal: () => Promise.reject(failure),
      onError,
    });
    fake.open('https://example.org/');
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });
});

describe('denyPermissions', () => {
  it('installs handlers that refuse requests, checks and devices', () => {
    const installed: {
      request?: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void;
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
    request({}, 'media', callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    expect(check({}, 'clipboard-read', ORIGIN)).toBe(false);
    expect(device({ deviceType: 'hid' })).toBe(false);
  });
});
