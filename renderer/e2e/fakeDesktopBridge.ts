import type { ServerConnection } from '../../shared/desktop-settings.ts';

/** What the page asked of the fake desktop shell, read back by tests. */
export interface FakeShellRecord {
  copied: string[];
  copiedSensitive: string[];
  protection: boolean[];
  menuLabels: Record<string, string> | null;
}

/**
 * A stand-in for the preload bridge (`window.ashnote`) with the desktop one's shape, recording
 * what the page asks of the shell. Runs in the page before any of its scripts.
 */
export function installFakeBridge(given: ServerConnection) {
  const record: FakeShellRecord = {
    copied: [],
    copiedSensitive: [],
    protection: [],
    menuLabels: null,
  };
  const listeners: Array<(path: string) => void> = [];
  const target = window as unknown as Record<string, unknown>;
  target.__shell = record;
  target.__openPath = (path: string) => listeners.forEach((listener) => listener(path));
  target.ashnote = {
    platform: 'desktop',
    copyText: async (text: string) => void record.copied.push(text),
    copySensitiveText: async (text: string) => void record.copiedSensitive.push(text),
    openExternal: async () => {},
    settings: async () => ({
      server: given.mode,
      hostedUrl: given.mode === 'hosted' ? given.apiOrigin : null,
      builtInReach: 'this-computer',
      clearClipboard: true,
    }),
    serverConnection: async () => given,
    useHostedServer: async () => ({ ok: false, problem: 'unreachable' }),
    useBuiltInServer: async () => ({ ok: false, problem: 'built-in-failed' }),
    setClearClipboard: async () => {},
    setContentProtection: async (on: boolean) => void record.protection.push(on),
    setMenuLabels: async (labels: Record<string, string>) => void (record.menuLabels = labels),
    onOpenPath: (listener: (path: string) => void) => {
      listeners.push(listener);
      return () => {};
    },
  };
}
