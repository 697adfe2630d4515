import { describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_MAX_CHARS, DESKTOP_CHANNELS } from '../../shared/desktop-bridge.ts';
import { registerBridgeHandlers, type InvokeEvent, type IpcMainLike } from './ipc.ts';

const ORIGIN = 'http://127.0.0.1:49152';
const fromApp: InvokeEvent = { senderFrame: { url: `${ORIGIN}/note/abc` } };

function bridge() {
  const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
  };
  const deps = {
    appOrigin: ORIGIN,
    versions: { app: '0.1.0', electron: '41.7.1', chrome: '146.0.0.0' },
    writeClipboard: vi.fn((_text: string) => {}),
    openExternal: vi.fn(async (_url: string) => {}),
  };
  registerBridgeHandlers(ipcMain, deps);
  const invoke = async (channel: string, event: InvokeEvent, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  };
  return { handlers, deps, invoke };
}

describe('registerBridgeHandlers', () => {
  it('serves exactly the allow-listed channels', () => {
    const { handlers } = bridge();
    expect([...handlers.keys()].sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
  });

  it('answers versions', async () => {
    const { invoke } = bridge();
    await expect(invoke(DESKTOP_CHANNELS.versions, fromApp)).resolves.toEqual({
      app: '0.1.0',
      electron: '41.7.1',
      chrome: '146.0.0.0',
    });
  });

  it('writes text to the clipboard, up to a whole note', async () => {
    const { invoke, deps } = bridge();
    const link = 'http://127.0.0.1:49152/note/abc#k3y';
    await invoke(DESKTOP_CHANNELS.clipboardWrite, fromApp, link);
    await invoke(DESKTOP_CHANNELS.clipboardWrite, fromApp, 'x'.repeat(CLIPBOARD_MAX_CHARS));
    expect(deps.writeClipboard.mock.calls).toEqual([[link], ['x'.repeat(CLIPBOARD_MAX_CHARS)]]);
  });

  it('refuses clipboard arguments of the wrong shape without echoing them', async () => {
    const { invoke, deps } = bridge();
    const secret = 'note-key-do-not-echo';
    for (const args of [
      [],
      [42],
      [{ text: secret }],
      [secret, 'extra'],
      ['x'.repeat(CLIPBOARD_MAX_CHARS + 1)],
    ]) {
      const call = invoke(DESKTOP_CHANNELS.clipboardWrite, fromApp, ...args);
      await expect(call).rejects.toThrow(/clipboard:write: invalid arguments/);
      await call.catch((error: Error) => expect(error.message).not.toContain(secret));
    }
    expect(deps.writeClipboard).not.toHaveBeenCalled();
  });

  it('opens https URLs in the system browser, in canonical form', async () => {
    const { invoke, deps } = bridge();
    await invoke(DESKTOP_CHANNELS.openExternal, fromApp, 'https://Example.org/faq');
    expect(deps.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/faq');
  });

  it('refuses to open anything but https', async () => {
    const { invoke, deps } = bridge();
    for (const url of [
      'http://example.org/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-settings:',
      'https://user:pw@example.org/',
      42,
    ]) {
      await expect(
        invoke(DESKTOP_CHANNELS.openExternal, fromApp, url),
        String(url),
      ).rejects.toThrow(/invalid arguments/);
    }
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it('refuses calls from frames outside the app origin, or from a vanished frame', async () => {
    const { invoke, deps } = bridge();
    const strangers: InvokeEvent[] = [
      { senderFrame: { url: 'https://evil.example/' } },
      { senderFrame: { url: 'http://127.0.0.1:49153/' } },
      { senderFrame: { url: 'file:///tmp/x.html' } },
      { senderFrame: null },
    ];
    for (const event of strangers) {
      await expect(invoke(DESKTOP_CHANNELS.clipboardWrite, event, 'x')).rejects.toThrow(
        /caller is not the app/,
      );
      await expect(
        invoke(DESKTOP_CHANNELS.openExternal, event, 'https://a.example/'),
      ).rejects.toThrow(/caller is not the app/);
      await expect(invoke(DESKTOP_CHANNELS.versions, event)).rejects.toThrow(
        /caller is not the app/,
      );
    }
    expect(deps.writeClipboard).not.toHaveBeenCalled();
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it('refuses extra arguments to versions', async () => {
    const { invoke } = bridge();
    await expect(invoke(DESKTOP_CHANNELS.versions, fromApp, 'x')).rejects.toThrow(
      /invalid arguments/,
    );
  });
});
