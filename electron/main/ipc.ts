import type { z } from 'zod';
import {
  DESKTOP_CHANNELS,
  desktopArgsSchemas,
  type DesktopChannel,
  type MenuLabels,
} from '../../shared/desktop-bridge.ts';
import type {
  BuiltInReach,
  DesktopSettings,
  ServerConnection,
  ServerSwitchResult,
} from '../../shared/desktop-settings.ts';
import { externalUrlPolicy, isAllowedNavigation } from './security.ts';

/**
 * Main's side of the preload bridge. Each handler first checks that the call comes from a frame
 * showing the app's own origin, then validates its arguments with the channel's schema from
 * shared/, and only then acts. Rejections never echo the arguments: they may be secrets.
 */

export interface InvokeEvent {
  senderFrame: { url: string } | null;
  /** The calling page's WebContents, for per-window actions (content protection). */
  sender?: unknown;
}

/** The part of Electron's ipcMain the bridge uses (a fake in tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

export interface BridgeDeps {
  /** Must never log the text: it is typically a note link with its key, or a decrypted note. */
  writeClipboard(text: string): Promise<void>;
  /** The same, for a revealed note's text, which the clipboard guard removes later. */
  writeClipboardSensitive(text: string): Promise<void>;
  openExternal(url: string): Promise<void>;
  settings(): DesktopSettings;
  connection(): ServerConnection | null;
  useHostedServer(address: string): Promise<ServerSwitchResult>;
  useBuiltInServer(reach: BuiltInReach): Promise<ServerSwitchResult>;
  setClearClipboard(on: boolean): void;
  setContentProtection(sender: unknown, on: boolean): void;
  setMenuLabels(labels: MenuLabels): void;
}

export class BridgeRejection extends Error {
  override readonly name = 'BridgeRejection';
}

/** Whether an invoke came from a frame of the app (not a foreign page, not a destroyed frame). */
export function isTrustedSender(event: InvokeEvent): boolean {
  return event.senderFrame !== null && isAllowedNavigation(event.senderFrame.url);
}

export function registerBridgeHandlers(ipcMain: IpcMainLike, deps: BridgeDeps): void {
  const handle = <C extends DesktopChannel>(
    channel: C,
    act: (args: z.output<(typeof desktopArgsSchemas)[C]>, event: InvokeEvent) => unknown,
  ) => {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event)) {
        throw new BridgeRejection(`${channel}: caller is not the app`);
      }
      const parsed = desktopArgsSchemas[channel].safeParse(args);
      if (!parsed.success) throw new BridgeRejection(`${channel}: invalid arguments`);
      return act(parsed.data as z.output<(typeof desktopArgsSchemas)[C]>, event);
    });
  };

  // Answered once the text is on the clipboard, so the page's "copied" is true.
  handle(DESKTOP_CHANNELS.clipboardWrite, async ([text]) => {
    await deps.writeClipboard(text);
  });
  handle(DESKTOP_CHANNELS.clipboardWriteSensitive, async ([text]) => {
    await deps.writeClipboardSensitive(text);
  });
  handle(DESKTOP_CHANNELS.openExternal, async ([url]) => {
    const decision = externalUrlPolicy(url);
    if (decision.action !== 'open-external') {
      throw new BridgeRejection(`${DESKTOP_CHANNELS.openExternal}: refused`);
    }
    await deps.openExternal(decision.url);
  });
  handle(DESKTOP_CHANNELS.settingsGet, () => deps.settings());
  handle(DESKTOP_CHANNELS.serverConnection, () => deps.connection());
  handle(DESKTOP_CHANNELS.useHostedServer, ([address]) => deps.useHostedServer(address));
  handle(DESKTOP_CHANNELS.useBuiltInServer, ([reach]) => deps.useBuiltInServer(reach));
  handle(DESKTOP_CHANNELS.setClearClipboard, ([on]) => {
    deps.setClearClipboard(on);
  });
  handle(DESKTOP_CHANNELS.contentProtection, ([on], event) => {
    deps.setContentProtection(event.sender, on);
  });
  handle(DESKTOP_CHANNELS.menuLabels, ([labels]) => {
    deps.setMenuLabels(labels);
  });
}
