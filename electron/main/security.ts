import { externalUrlSchema } from '../../shared/desktop-bridge.ts';
import { sameOrigin } from '../../shared/desktop-links.ts';
import { DESKTOP_APP_ORIGIN } from '../../shared/desktop-origin.ts';

/**
 * The window only ever shows the app itself. Anything that would take it elsewhere (a link, a
 * redirect, window.open, a <webview>) is refused; https links go to the system browser, where
 * the user's own browser protections apply. Chromium permissions are all refused: Ashnote needs
 * none (the clipboard goes through the preload bridge).
 */

/** Whether `url` belongs to the app's origin (`app://ashnote`). Unparseable URLs never do. */
export function isAllowedNavigation(url: string, appOrigin: string = DESKTOP_APP_ORIGIN): boolean {
  try {
    return sameOrigin(new URL(url), appOrigin);
  } catch {
    return false;
  }
}

export type ExternalUrlDecision = { action: 'open-external'; url: string } | { action: 'deny' };

/** What to do with a URL the app wants to leave for: open canonical https URLs, deny the rest. */
export function externalUrlPolicy(url: string): ExternalUrlDecision {
  const parsed = externalUrlSchema.safeParse(url);
  return parsed.success ? { action: 'open-external', url: parsed.data } : { action: 'deny' };
}

/**
 * Chromium's Local Network Access permissions: the app's page (a secure origin of its own) must
 * reach the built-in server on loopback, or a hosted server the user chose on a private address.
 */
const NETWORK_PERMISSIONS = new Set(['local-network-access', 'local-network', 'loopback-network']);

/**
 * Every Chromium permission (camera, notifications, geolocation, clipboard-read, HID…) is
 * refused. This is the one place an audited exception goes: the network permissions above, for
 * the app's own page only.
 */
export function decidePermission(permission: string, requestingUrl = ''): boolean {
  return NETWORK_PERMISSIONS.has(permission) && isAllowedNavigation(requestingUrl);
}

export interface NavigationDetails {
  url: string;
  preventDefault(): void;
}

interface Preventable {
  preventDefault(): void;
}

/** The part of Electron's WebContents the guards use (a fake in tests). */
export interface GuardableContents {
  on(event: 'will-navigate', listener: (details: NavigationDetails) => void): unknown;
  on(event: 'will-frame-navigate', listener: (details: NavigationDetails) => void): unknown;
  on(event: 'will-redirect', listener: (details: NavigationDetails) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface GuardOptions {
  openExternal: (url: string) => Promise<void>;
  onError?: (error: unknown) => void;
}

/** Installs the navigation, new-window and webview guards on one WebContents. */
export function guardWebContents(contents: GuardableContents, options: GuardOptions): void {
  const openOutside = (url: string) => {
    const decision = externalUrlPolicy(url);
    if (decision.action === 'open-external') {
      options.openExternal(decision.url).catch((error: unknown) => options.onError?.(error));
    }
  };

  // A clicked link leaving the app opens in the browser; the window itself never leaves.
  contents.on('will-navigate', (details) => {
    if (isAllowedNavigation(details.url)) return;
    details.preventDefault();
    openOutside(details.url);
  });
  // Sub-frames and redirects are not user intent: refuse without opening anything.
  contents.on('will-frame-navigate', (details) => {
    if (!isAllowedNavigation(details.url)) details.preventDefault();
  });
  contents.on('will-redirect', (details) => {
    if (!isAllowedNavigation(details.url)) details.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The part of Electron's Session the permission handlers use (a fake in tests). */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/** Refuses permission requests and checks (but the exception above), and USB/HID/serial devices. */
export function denyPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) =>
    callback(decidePermission(permission, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin) =>
    decidePermission(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}
