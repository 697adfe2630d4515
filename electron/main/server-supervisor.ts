import fs from 'node:fs';
import path from 'node:path';
import type { BuiltInReach } from '../../shared/desktop-settings.ts';
import { missingCase } from '../../shared/errors.ts';
import { fromServerSchema, type FromServer, type ToServer } from '../server/messages.ts';

/**
 * Main's side of the built-in server. The backend (Koa, the embedded database, large JSON
 * bodies) runs in a utility process so none of it can stall or crash the window's process; main
 * starts it, learns its port from a message, restarts it when it crashes, and stops it cleanly
 * (database flushed and unlocked) before the app quits or when the user picks a hosted server.
 */

/** The part of Electron's UtilityProcess this uses (a Node child process in tests). */
export interface ServerChild {
  postMessage(message: ToServer): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number | null) => void): unknown;
  kill(): boolean;
}

export interface SupervisorOptions {
  spawn: () => ServerChild;
  dataDir: string;
  webDir: string;
  /** A first start runs the database migrations; later ones take well under a second. */
  startTimeoutMs?: number;
  /** Longer than the backend's own grace for in-flight requests (10 s by default). */
  stopTimeoutMs?: number;
  /** Crashes tolerated within `restartWindowMs` before giving up. */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** After a crash and a successful restart; the port may differ from before. */
  onRestarted?: (port: number, previousPort: number) => void;
  /** The server crashed too often, or cannot start again: the app must say so. */
  onGaveUp?: (reason: string) => void;
  now?: () => number;
}

export interface ServerSupervisor {
  /** Starts (or restarts with another reach) and resolves with the port it listens on. */
  start(reach: BuiltInReach): Promise<number>;
  /** Stops it and waits for the process to end. Safe to call when not running. */
  stop(): Promise<void>;
  /** The port while running, null otherwise. */
  readonly port: number | null;
}

export class ServerStartError extends Error {
  override readonly name = 'ServerStartError';
}

const PORT_FILE = 'server-port';

/** The port the last run used, if recorded: links made then keep working on this computer. */
export function readLastPort(dataDir: string): number | null {
  try {
    const port = Number(fs.readFileSync(path.join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 1024 && port < 65_536 ? port : null;
  } catch {
    return null;
  }
}

function writeLastPort(dataDir: string, port: number): void {
  try {
    fs.writeFileSync(path.join(dataDir, PORT_FILE), String(port));
  } catch {
    // Only a preference for next time.
  }
}

export function hostFor(reach: BuiltInReach): '127.0.0.1' | '0.0.0.0' {
  return reach === 'local-network' ? '0.0.0.0' : '127.0.0.1';
}

interface Running {
  child: ServerChild;
  reach: BuiltInReach;
  port: number;
  exited: Promise<void>;
  stopping: boolean;
}

export function createServerSupervisor(options: SupervisorOptions): ServerSupervisor {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000;
  const maxRestarts = options.maxRestarts ?? 3;
  const restartWindowMs = options.restartWindowMs ?? 60_000;
  const now = options.now ?? Date.now;

  let running: Running | null = null;
  let starting: Promise<number> | null = null;
  let crashes: number[] = [];

  /** Spawns one server process and waits for its port, its failure or its death. */
  function launch(reach: BuiltInReach): Promise<number> {
    const child = options.spawn();
    let exitedResolve = () => {};
    const exited = new Promise<void>((resolve) => (exitedResolve = resolve));

    return new Promise<number>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const timer = setTimeout(() => {
        child.kill();
        settle(() => reject(new ServerStartError('The built-in server did not start in time.')));
      }, startTimeoutMs);

      child.on('message', (raw) => {
        const parsed = fromServerSchema.safeParse(raw);
        if (!parsed.success) return;
        const message: FromServer = parsed.data;
        switch (message.type) {
          case 'listening': {
            const entry: Running = { child, reach, port: message.port, exited, stopping: false };
            settle(() => {
              running = entry;
              writeLastPort(options.dataDir, message.port);
              resolve(message.port);
            });
            return;
          }
          case 'failed':
            settle(() => {
              child.kill();
              reject(new ServerStartError(message.message));
            });
            return;
          case 'stopped':
            return;
          default:
            missingCase(message);
        }
      });
      child.on('exit', (code) => {
        exitedResolve();
        settle(() =>
          reject(new ServerStartError(`The built-in server stopped while starting (${code}).`)),
        );
        const current = running;
        if (current?.child === child) {
          running = null;
          if (!current.stopping) onCrash(current.reach, current.port);
        }
      });

      child.postMessage({
        type: 'start',
        dataDir: options.dataDir,
        webDir: options.webDir,
        host: hostFor(reach),
        port: readLastPort(options.dataDir) ?? 0,
      });
    });
  }

  function onCrash(reach: BuiltInReach, previousPort: number): void {
    const at = now();
    crashes = [...crashes.filter((time) => at - time < restartWindowMs), at];
    if (crashes.length > maxRestarts) {
      options.onGaveUp?.('The built-in server stopped unexpectedly several times.');
      return;
    }
    starting = launch(reach);
    starting.then(
      (port) => options.onRestarted?.(port, previousPort),
      (error: unknown) =>
        options.onGaveUp?.(error instanceof Error ? error.message : String(error)),
    );
    void starting.finally(() => (starting = null)).catch(() => {});
  }

  async function stop(): Promise<void> {
    await starting?.catch(() => {});
    const current = running;
    if (current === null) return;
    current.stopping = true;
    running = null;
    current.child.postMessage({ type: 'stop' });
    const timedOut = await Promise.race([
      current.exited.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), stopTimeoutMs).unref()),
    ]);
    if (timedOut) {
      current.child.kill();
      await current.exited;
    }
  }

  return {
    async start(reach) {
      await starting?.catch(() => {});
      if (running !== null && running.reach === reach) return running.port;
      await stop();
      starting = launch(reach);
      try {
        return await starting;
      } finally {
        starting = null;
      }
    },
    stop,
    get port() {
      return running?.port ?? null;
    },
  };
}
