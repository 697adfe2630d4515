import { describe, expect, it, vi } from 'vitest';
import {
  CLIPBOARD_MAX_CHARS,
  DESKTOP_CHANNELS,
  type MenuLabels,
} from '../../shared/desktop-bridge.ts';
import { DESKTOP_APP_ORIGIN } from '../../shared/desktop-origin.ts';
import {
  DEFAULT_DESKTOP_SETTINGS,
  type ServerConnection,
  type ServerSwitchResult,
} from '../../shared/desktop-settings.ts';
import { registerBridgeHandlers, type InvokeEvent, type IpcMainLike } from './ipc.ts';
import { DEFAULT_MENU_LABELS } from './menu.ts';

const ORIGIN = DESKTOP_APP_ORIGIN;
const fromApp: InvokeEvent = { senderFrame: { url: `${ORIGIN}/note/abc` }, sender: 'contents-1' };
const CONNECTION: ServerConnection = {
  mode: 'hosted',
  apiOrigin: 'https://notes.example.org',
  publicOrigin: 'https://notes.example.org',
  linkReach: 'anyone',
};
const SWITCHED: ServerSwitchResult = { ok: true, connection: CONNECTION };

function bridge() {
  const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
  };
  const deps = {
    writeClipboard: vi.fn((_text: string) => Promise.resolve()),
    writeClipboardSensitive: vi.fn((_text: string) => Promise.resolve()),
    openExternal: vi.fn(async (_url: string) => {}),
    settings: vi.fn(() => DEFAULT_DESKTOP_SETTINGS),
    connection: vi.fn(() => CONNECTION),
    useHostedServer: vi.fn(async (_address: string) => SWITCHED),
    useBuiltInServer: vi.fn(async (_reach: string) => SWITCHED),
    setClearClipboard: vi.fn((_on: boolean) => {}),
    setContentProtection: vi.fn((_sender: unknown, _on: boolean) => {}),
    setMenuLabels: vi.fn((_labels: MenuLabels) => {}),
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

  it('writes text to the clipboard, up to a whole note', async () => {
    const { invoke, deps } = bridge();
    const link = 'https://notes.example.org/note/abc#k3y';
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
      { senderFrame: { url: 'https://notes.example.org/' } },
      { senderFrame: { url: 'app://ashnote.evil.example/' } },
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
      await expect(invoke(DESKTOP_CHANNELS.settingsGet, event)).rejects.toThrow(
        /caller is not the app/,
      );
    }
    expect(deps.writeClipboard).not.toHaveBeenCalled();
    expect(deps.openExternal).not.toHaveBeenCalled();
  });

  it('refuses extra arguments to a channel that takes none', async () => {
    const { invoke } = bridge();
    await expect(invoke(DESKTOP_CHANNELS.settingsGet, fromApp, 'x')).rejects.toThrow(
      /invalid arguments/,
    );
  });

  it('keeps a revealed note apart from other copies, for the clipboard guard', async () => {
    const { invoke, deps } = bridge();
    await invoke(DESKTOP_CHANNELS.clipboardWriteSensitive, fromApp, 'the note');
    expect(deps.writeClipboardSensitive).toHaveBeenCalledExactlyOnceWith('the note');
    expect(deps.writeClipboard).not.toHaveBeenCalled();
    await expect(
      invoke(
        DESKTOP_CHANNELS.clipboardWriteSensitive,
        fromApp,
        'x'.repeat(CLIPBOARD_MAX_CHARS + 1),
      ),
    ).rejects.toThrow(/invalid arguments/);
  });

  it('answers the settings and the connection', async () => {
    const { invoke } = bridge();
    await expect(invoke(DESKTOP_CHANNELS.settingsGet, fromApp)).resolves.toEqual(
      DEFAULT_DESKTOP_SETTINGS,
    );
    await expect(invoke(DESKTOP_CHANNELS.serverConnection, fromApp)).resolves.toEqual(CONNECTION);
  });

  it('switches servers with checked arguments only', async () => {
    const { invoke, deps } = bridge();
    await expect(
      invoke(DESKTOP_CHANNELS.useHostedServer, fromApp, 'https://notes.example.org'),
    ).resolves.toEqual(SWITCHED);
    await expect(
      invoke(DESKTOP_CHANNELS.useBuiltInServer, fromApp, 'local-network'),
    ).resolves.toEqual(SWITCHED);
    expect(deps.useHostedServer).toHaveBeenCalledExactlyOnceWith('https://notes.example.org');
    expect(deps.useBuiltInServer).toHaveBeenCalledExactlyOnceWith('local-network');

    for (const [channel, args] of [
      [DESKTOP_CHANNELS.useHostedServer, [42]],
      [DESKTOP_CHANNELS.useHostedServer, ['x'.repeat(5000)]],
      [DESKTOP_CHANNELS.useBuiltInServer, ['the-internet']],
      [DESKTOP_CHANNELS.useBuiltInServer, []],
    ] as const) {
      await expect(invoke(channel, fromApp, ...args)).rejects.toThrow(/invalid arguments/);
    }
    expect(deps.useHostedServer).toHaveBeenCalledOnce();
    expect(deps.useBuiltInServer).toHaveBeenCalledOnce();
  });

  it("sets content protection on the caller's own window", async () => {
    const { invoke, deps } = bridge();
    await invoke(DESKTOP_CHANNELS.contentProtection, fromApp, true);
    expect(deps.setContentProtection).toHaveBeenCalledExactlyOnceWith('contents-1', true);
    await expect(invoke(DESKTOP_CHANNELS.contentProtection, fromApp, 'yes')).rejects.toThrow(
      /invalid arguments/,
    );
  });

  it('stores the clipboard setting', async () => {
    const { invoke, deps } = bridge();
    await invoke(DESKTOP_CHANNELS.setClearClipboard, fromApp, false);
    expect(deps.setClearClipboard).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('takes menu labels complete and bounded, nothing else', async () => {
    const { invoke, deps } = bridge();
    await invoke(DESKTOP_CHANNELS.menuLabels, fromApp, DEFAULT_MENU_LABELS);
    expect(deps.setMenuLabels).toHaveBeenCalledExactlyOnceWith(DEFAULT_MENU_LABELS);
    const { file: _missing, ...incomplete } = DEFAULT_MENU_LABELS;
    for (const labels of [
      incomplete,
      { ...DEFAULT_MENU_LABELS, extra: 'x' },
      { ...DEFAULT_MENU_LABELS, file: 'x'.repeat(81) },
      { ...DEFAULT_MENU_LABELS, file: '' },
    ]) {
      await expect(invoke(DESKTOP_CHANNELS.menuLabels, fromApp, labels)).rejects.toThrow(
        /invalid arguments/,
      );
    }
    expect(deps.setMenuLabels).toHaveBeenCalledOnce();
  });
});
