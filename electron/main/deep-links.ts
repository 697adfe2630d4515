import { appPathFromLink, DEEP_LINK_SCHEME } from '../../shared/desktop-links.ts';

/**
 * Deep links: `ashnote://note/ID#KEY`, `ashnote://chat/ID#KEY`, `ashnote://s/ID#KEY` (a sender's
 * status link), and the configured server's own https links. Windows and Linux hand them to the app as a launch argument (to the running
 * instance through `second-instance`), macOS through `open-url`. The link holds a key in its
 * fragment: it is passed to the window and never written to a file or a log.
 */

export { DEEP_LINK_SCHEME };

/** The app route for the first link among launch arguments, if any. */
export function pathFromArgv(argv: readonly string[], serverOrigin: string | null): string | null {
  for (const arg of argv) {
    if (arg.startsWith('-')) continue;
    const path = appPathFromLink(arg, serverOrigin);
    if (path !== null) return path;
  }
  return null;
}

/** The part of the main window deep links need (a fake in tests). */
export interface LinkTarget {
  /** True while the page is (re)loading: it cannot take a message yet. */
  isLoading(): boolean;
  /** Tells the loaded page to show a route (no reload: a chat elsewhere in the app survives). */
  sendPath(path: string): void;
  /** Loads the app at a route. */
  loadPath(path: string): void;
  focus(): void;
}

/**
 * Delivers routes to the window: to the running page when it can take them, by loading the
 * route otherwise, and held until a window exists (a link can arrive before `ready` on macOS).
 */
export function createLinkDispatcher() {
  let target: LinkTarget | null = null;
  let pending: string | null = null;
  return {
    open(path: string): void {
      if (target === null) {
        pending = path;
        return;
      }
      if (target.isLoading()) target.loadPath(path);
      else target.sendPath(path);
      target.focus();
    },
    /** Attaches the window; returns the route it should load first (a held link, or home). */
    attach(window: LinkTarget): string {
      target = window;
      const first = pending ?? '/';
      pending = null;
      return first;
    },
    detach(window: LinkTarget): void {
      if (target === window) target = null;
    },
  };
}
