import type { BrowserWindowConstructorOptions } from 'electron';
import type { Rect } from './window-state.ts';

/** The renderer theme's background (theme.color.background), so no white flash before first paint. */
export const WINDOW_BACKGROUND = '#0b0d12';

/** DevTools exist only in a development build, and not in tests, which drive the app as shipped. */
export function devToolsEnabled(options: { isPackaged: boolean; testRun: boolean }): boolean {
  return !options.isPackaged && !options.testRun;
}

export const WINDOW_MIN_SIZE = { width: 380, height: 560 } as const;

export interface WindowOptionsInput {
  preloadPath: string;
  devTools: boolean;
  /** Window icon; only needed on Linux, where the window does not take the executable's. */
  icon?: string;
  /** Remembered from the last run (window-state.ts). */
  bounds?: Partial<Rect> | null;
}

/**
 * The main window. The renderer is web content: it gets no Node, runs in Chromium's sandbox in
 * its own JavaScript world, and reaches the shell only through the preload bridge.
 */
export function windowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 820,
    ...input.bounds,
    minWidth: WINDOW_MIN_SIZE.width,
    minHeight: WINDOW_MIN_SIZE.height,
    title: 'Ashnote',
    backgroundColor: WINDOW_BACKGROUND,
    // Shown on ready-to-show, so the first thing the user sees is the painted app.
    show: false,
    ...(input.icon === undefined ? {} : { icon: input.icon }),
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: input.devTools,
      // Chromium's spellchecker downloads dictionaries from Google on Windows and Linux; a
      // privacy tool makes no network request the user did not ask for.
      spellcheck: false,
    },
  };
}

/** The part of a BrowserWindow the app drives (a fake in tests). */
export interface AppWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
  show(): void;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
}

/**
 * Creates the window and loads the app. The window is shown once painted, or at once if the
 * load fails, so a failure never leaves an invisible app running.
 */
export function openMainWindow<W extends AppWindow>(
  create: (options: BrowserWindowConstructorOptions) => W,
  input: WindowOptionsInput & { url: string; onLoadError?: (error: unknown) => void },
): W {
  const window = create(windowOptions(input));
  window.once('ready-to-show', () => window.show());
  window.loadURL(input.url).catch((error: unknown) => {
    input.onLoadError?.(error);
    window.show();
  });
  return window;
}

/** Brings an existing window to the front (a second launch lands here). */
export function focusWindow(window: AppWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
