import { WS_PATH } from '../../../shared/api/paths.ts';
import type { MenuLabels } from '../../../shared/desktop-bridge.ts';
import type {
  BuiltInReach,
  DesktopSettings,
  ServerConnection,
  ServerSwitchResult,
} from '../../../shared/desktop-settings.ts';

/**
 * What the renderer may ask of the environment it runs in. The web and the desktop app
 * implement the same interface, so features never ask which one they are in for these.
 */
export interface ShareData {
  title?: string;
  text?: string;
  url?: string;
}

/** Where the API, the socket and share links point. Features never read `window.location`. */
export interface ServerEndpoints {
  /** Prefix for API paths: '' on the web (its own origin), the chosen server's on desktop. */
  readonly apiBase: string;
  /** The origin of links given to other people. */
  readonly publicOrigin: string;
  /** The chat socket's address. */
  readonly socketUrl: string;
  /** Who can open those links: the share panel warns when it is not everyone. */
  readonly linkReach: ServerConnection['linkReach'];
}

export interface CopyOptions {
  /** A revealed note's text: the desktop app removes it from the clipboard after a while. */
  sensitive?: boolean;
}

/** The desktop app's settings screen's powers. */
export interface DesktopSettingsControls {
  load(): Promise<DesktopSettings>;
  useHostedServer(address: string): Promise<ServerSwitchResult>;
  useBuiltInServer(reach: BuiltInReach): Promise<ServerSwitchResult>;
  setClearClipboard(on: boolean): Promise<void>;
}

export interface Platform {
  readonly kind: 'web' | 'desktop';
  readonly server: ServerEndpoints;
  /** Puts text on the clipboard; rejects when the environment refuses. */
  copyText(text: string, options?: CopyOptions): Promise<void>;
  /** Opens an https: address outside the app (new tab, or the system browser on desktop). */
  openExternal(url: string): Promise<void>;
  /** The device share sheet, where one exists; absent otherwise (callers fall back to copying). */
  share?(data: ShareData): Promise<void>;
  /** Keeps the window out of screenshots and screen sharing; see useContentProtection. */
  setContentProtection?(on: boolean): void;
  /** Routes the shell asks to show (deep links, menu items, a pasted link). Returns unsubscribe. */
  onOpenPath?(listener: (path: string) => void): () => void;
  /** The native menu's words, in the page's language. */
  setMenuLabels?(labels: MenuLabels): void;
  settings?: DesktopSettingsControls;
}

/** Only https: leaves the app: no javascript:, file:, custom schemes or plain http. */
export function assertExternalUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('Refusing to open a malformed external address');
  }
  if (parsed.protocol !== 'https:') {
    throw new Error(`Refusing to open a non-https address (${parsed.protocol})`);
  }
  return parsed;
}

/** `/ws` on an http(s) origin: ws: or wss: to match. */
export function socketUrlFor(origin: string): string {
  const url = new URL(WS_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}
