import {
  hostedServerUrlSchema,
  type BuiltInReach,
  type DesktopSettings,
  type ServerConnection,
  type ServerSwitchResult,
} from '../../shared/desktop-settings.ts';
import type { ProbeResult } from './server-probe.ts';
import type { ServerSupervisor } from './server-supervisor.ts';
import { loadSettings, saveSettings } from './settings-store.ts';

/**
 * Which server the app talks to, and what the renderer is told about it. A hosted server is
 * checked before the switch; the built-in one is started before it. Either way the settings are
 * saved only once the new server is known to answer, so a failed switch changes nothing.
 */

export interface ServerChoiceDeps {
  settingsFile: string;
  supervisor: Pick<ServerSupervisor, 'start' | 'stop' | 'port'>;
  probe: (origin: string) => Promise<ProbeResult>;
  /** This computer's address on the local network (IPv4), if it has one. */
  lanAddress: () => string | null;
}

export interface ServerChoice {
  settings(): DesktopSettings;
  /** At start: brings up the built-in server if it is the chosen one. */
  connect(): Promise<ServerConnection>;
  /** The current connection; null before `connect` or while the built-in server is down. */
  connection(): ServerConnection | null;
  useHosted(address: string): Promise<ServerSwitchResult>;
  useBuiltIn(reach: BuiltInReach): Promise<ServerSwitchResult>;
  setClearClipboard(on: boolean): void;
}

/** What the renderer is told for given settings and, for the built-in server, its port. */
export function connectionFor(
  settings: DesktopSettings,
  builtInPort: number | null,
  lanAddress: string | null,
): ServerConnection | null {
  if (settings.server === 'hosted') {
    const origin = settings.hostedUrl!;
    return { mode: 'hosted', apiOrigin: origin, publicOrigin: origin, linkReach: 'anyone' };
  }
  if (builtInPort === null) return null;
  // The app itself always uses loopback; links carry the address other machines can use.
  const apiOrigin = `http://127.0.0.1:${builtInPort}`;
  if (settings.builtInReach === 'local-network' && lanAddress !== null) {
    return {
      mode: 'built-in',
      apiOrigin,
      publicOrigin: `http://${lanAddress}:${builtInPort}`,
      linkReach: 'local-network',
    };
  }
  return { mode: 'built-in', apiOrigin, publicOrigin: apiOrigin, linkReach: 'this-computer' };
}

interface NetworkInterfaceInfo {
  family: string | number;
  internal: boolean;
  address: string;
}

/** The first IPv4 address of this computer on a network (what `os.networkInterfaces()` lists). */
export function firstLanAddress(
  interfaces: Record<string, NetworkInterfaceInfo[] | undefined>,
): string | null {
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (!entry.internal && (entry.family === 'IPv4' || entry.family === 4)) return entry.address;
    }
  }
  return null;
}

export function createServerChoice(deps: ServerChoiceDeps): ServerChoice {
  let settings = loadSettings(deps.settingsFile);

  const current = () => connectionFor(settings, deps.supervisor.port, deps.lanAddress());
  const save = (next: DesktopSettings) => {
    saveSettings(deps.settingsFile, next);
    settings = next;
  };

  return {
    settings: () => settings,
    async connect() {
      if (settings.server === 'built-in') await deps.supervisor.start(settings.builtInReach);
      return current()!;
    },
    connection: current,
    async useHosted(address) {
      const parsed = hostedServerUrlSchema.safeParse(address);
      if (!parsed.success) return { ok: false, problem: 'invalid-url' };
      const probed = await deps.probe(parsed.data);
      if (!probed.ok) return { ok: false, problem: probed.problem };
      save({ ...settings, server: 'hosted', hostedUrl: parsed.data });
      // Nothing uses the built-in server any more: free its port, memory and database.
      await deps.supervisor.stop();
      return { ok: true, connection: current()! };
    },
    async useBuiltIn(reach) {
      try {
        await deps.supervisor.start(reach);
      } catch {
        return { ok: false, problem: 'built-in-failed' };
      }
      save({ ...settings, server: 'built-in', builtInReach: reach });
      return { ok: true, connection: current()! };
    },
    setClearClipboard(on) {
      save({ ...settings, clearClipboard: on });
    },
  };
}
