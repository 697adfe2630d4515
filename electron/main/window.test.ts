import { describe, expect, it, vi } from 'vitest';
import {
  devToolsEnabled,
  focusWindow,
  openMainWindow,
  windowOptions,
  type AppWindow,
} from './window.ts';

describe('windowOptions', () => {
  it('isolates and sandboxes the renderer, with the preload as its only bridge', () => {
    const prefs = windowOptions({
      preloadPath: '/app/out/preload/index.cjs',
      devTools: false,
    }).webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: false,
      spellcheck: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('experimentalFeatures');
  });

  it('passes DevTools through and sets the icon only when given', () => {
    expect(windowOptions({ preloadPath: 'p', devTools: true }).webPreferences?.devTools).toBe(true);
    expect(windowOptions({ preloadPath: 'p', devTools: false })).not.toHaveProperty('icon');
    expect(windowOptions({ preloadPath: 'p', devTools: false, icon: '/i.png' }).icon).toBe(
      '/i.png',
    );
  });

  it('opens with the remembered bounds, never below the minimum size', () => {
    const options = windowOptions({
      preloadPath: 'p',
      devTools: false,
      bounds: { x: 40, y: 30, width: 900, height: 600 },
    });
    expect(options).toMatchObject({ x: 40, y: 30, width: 900, height: 600 });
    expect(options).toMatchObject({ minWidth: 380, minHeight: 560 });
    expect(windowOptions({ preloadPath: 'p', devTools: false, bounds: null })).toMatchObject({
      width: 1200,
      height: 820,
    });
  });

  it('stays hidden until painted, on the dark background', () => {
    const options = windowOptions({ preloadPath: 'p', devTools: false });
    expect(options.show).toBe(false);
    expect(options.backgroundColor).toBe('#0b0d12');
  });
});

describe('devToolsEnabled', () => {
  it('is on only in an unpackaged build outside tests', () => {
    expect(devToolsEnabled({ isPackaged: false, testRun: false })).toBe(true);
    expect(devToolsEnabled({ isPackaged: true, testRun: false })).toBe(false);
    expect(devToolsEnabled({ isPackaged: false, testRun: true })).toBe(false);
    expect(devToolsEnabled({ isPackaged: true, testRun: true })).toBe(false);
  });
});

function fakeWindow(load: () => Promise<void> = async () => {}) {
  const listeners = new Map<string, () => void>();
  const window = {
    once: vi.fn((event: string, listener: () => void) => listeners.set(event, listener)),
    loadURL: vi.fn((_url: string) => load()),
    show: vi.fn(),
    isMinimized: vi.fn(() => false),
    restore: vi.fn(),
    focus: vi.fn(),
  } satisfies AppWindow;
  return { window, fire: (event: string) => listeners.get(event)?.() };
}

describe('openMainWindow', () => {
  it('creates the window with the hardened options, loads the app and shows it when painted', () => {
    const { window, fire } = fakeWindow();
    const create = vi.fn(() => window);
    const opened = openMainWindow(create, {
      url: 'app://ashnote/',
      preloadPath: '/p.cjs',
      devTools: false,
    });
    expect(opened).toBe(window);
    expect(create).toHaveBeenCalledExactlyOnceWith(
      windowOptions({ preloadPath: '/p.cjs', devTools: false }),
    );
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://ashnote/');
    expect(window.show).not.toHaveBeenCalled();
    fire('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
  });

  it('still shows the window, and reports, when the app fails to load', async () => {
    const failure = new Error('ERR_CONNECTION_REFUSED');
    const { window } = fakeWindow(() => Promise.reject(failure));
    const onLoadError = vi.fn();
    openMainWindow(() => window, {
      url: 'app://ashnote/',
      preloadPath: '/p.cjs',
      devTools: false,
      onLoadError,
    });
    await vi.waitFor(() => expect(window.show).toHaveBeenCalledOnce());
    expect(onLoadError).toHaveBeenCalledWith(failure);
  });
});

describe('focusWindow', () => {
  it('restores a minimized window and brings it to the front', () => {
    const { window } = fakeWindow();
    window.isMinimized.mockReturnValue(true);
    focusWindow(window);
    expect(window.restore).toHaveBeenCalledOnce();
    expect(window.show).toHaveBeenCalledOnce();
    expect(window.focus).toHaveBeenCalledOnce();
  });
});
