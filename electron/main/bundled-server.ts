import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../../backend/src/app.ts';
import { loadConfig } from '../../backend/src/config.ts';

/**
 * The desktop app's own server: the same `createApp` as `npm start`, on the embedded database
 * in the user's app data folder, bound to loopback on a free port, serving the built renderer.
 */

export interface BundledServer {
  /** e.g. `http://127.0.0.1:49152` */
  url: string;
  /** The app origin: the only one the window may show and the bridge may serve. */
  origin: string;
  close(): Promise<void>;
}

export interface BundledServerOptions {
  dataDir: string;
  webDir: string;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

/**
 * The server's environment, built from scratch rather than from process.env: a DATABASE_URL or
 * HOST the user happens to have set must not move the desktop app's data or expose its port.
 */
export function bundledServerEnv(options: BundledServerOptions): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: options.dataDir,
    WEB_DIR: options.webDir,
    ...(options.logLevel === undefined ? {} : { LOG_LEVEL: options.logLevel }),
  };
}

const PORT_FILE = 'server-port';

/** The port the last run used, if recorded. */
export function readLastPort(dataDir: string): number | null {
  try {
    const port = Number(fs.readFileSync(path.join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 1024 && port < 65_536 ? port : null;
  } catch {
    return null;
  }
}

/**
 * Starts the server. Rejects with the backend's own message when it cannot start, e.g. when
 * another Ashnote server holds the data folder.
 *
 * The page's origin includes the port, and with it the page's storage (chosen language, the
 * age confirmation), so the server comes back on the last run's port when it is still free and
 * takes any free port otherwise.
 */
export async function startBundledServer(options: BundledServerOptions): Promise<BundledServer> {
  const server = await createApp(loadConfig(bundledServerEnv(options)));
  try {
    const lastPort = readLastPort(options.dataDir);
    const { url, port } = await server
      .listen(lastPort ?? 0)
      .catch((error: NodeJS.ErrnoException) => {
        if (lastPort === null || error.code !== 'EADDRINUSE') throw error;
        return server.listen(0);
      });
    fs.writeFileSync(path.join(options.dataDir, PORT_FILE), String(port));
    return { url, origin: new URL(url).origin, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

interface QuitEvent {
  preventDefault(): void;
}

/** The part of Electron's `app` the quit hook uses (a fake in tests). */
export interface QuittingApp {
  on(event: 'will-quit', listener: (event: QuitEvent) => void): unknown;
  quit(): void;
}

/**
 * Holds the quit until the server has closed, so in-flight requests finish and the embedded
 * database is flushed and unlocked before the process exits.
 */
export function closeServerOnQuit(
  app: QuittingApp,
  server: Pick<BundledServer, 'close'>,
  onError: (error: unknown) => void,
): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    server
      .close()
      .catch(onError)
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}
