import type { z } from 'zod';
import {
  DESKTOP_CHANNELS,
  desktopArgsSchemas,
  type DesktopChannel,
  type DesktopVersions,
} from '../../shared/desktop-bridge.ts';
import { externalUrlPolicy, isAllowedNavigation } from './security.ts';

/**
 * Main's side of the preload bridge. Each handler first checks that the call comes from a frame
 * showing the app's own origin, then validates its arguments with the channel's schema from
 * shared/, and only then acts. Rejections never echo the arguments: they may be secrets.
 */

export interface InvokeEvent {
  senderFrame: { url: string } | null;
}

/** The part of Electron's ipcMain the bridge uses (a fake in tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

export interface BridgeDeps {
  appOrigin: string;
  versions: DesktopVersions;
  /** Must never log the text: it is typically a note link with its key, or a decrypted note. */
  writeClipboard(text: string): void;
  openExternal(url: string): Promise<void>;
}

export class BridgeRejection extends Error {
  override readonly name = 'BridgeRejection';
}

/** Whether an invoke came from a frame of the app (not a foreign page, not a destroyed frame). */
export function isTrustedSender(event: InvokeEvent, appOrigin: string): boolean {
  return event.senderFrame !== null && isAllowedNavigation(event.senderFrame.url, appOrigin);
}

export function registerBridgeHandlers(ipcMain: IpcMainLike, deps: BridgeDeps): void {
  const handle = <C extends DesktopChannel>(
    channel: C,
    act: (args: z.output<(typeof desktopArgsSchemas)[C]>) => unknown,
  ) => {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event, deps.appOrigin)) {
        throw new BridgeRejection(`${channel}: caller is not the app`);
      }
      const parsed = desktopArgsSchemas[channel].safeParse(args);
      if (!parsed.success) throw new BridgeRejection(`${channel}: invalid arguments`);
      return act(parsed.data as z.output<(typeof desktopArgsSchemas)[C]>);
    });
  };

  handle(DESKTOP_CHANNELS.versions, () => deps.versions);
  handle(DESKTOP_CHANNELS.clipboardWrite, ([text]) => {
    deps.writeClipboard(text);
  });
  handle(DESKTOP_CHANNELS.openExternal, async ([url]) => {
    const decision = externalUrlPolicy(url);
    if (decision.action !== 'open-external') {
      throw new BridgeRejection(`${DESKTOP_CHANNELS.openExternal}: refused`);
    }
    await deps.openExternal(decision.url);
  });
}
