import { createApp, type AshnoteServer } from '../../backend/src/app.ts';
import { loadConfig } from '../../backend/src/config.ts';
import { toServerSchema, type FromServer, type ServerStart } from './messages.ts';

/**
 * The built-in server inside its utility process: the same `createApp` as `npm start`, on the
 * embedded database in the app's user-data folder, serving the built renderer to browsers on
 * this computer (or the local network, when the user chose that), so its links open there too.
 */

/**
 * The server's environment, built from scratch rather than from process.env: a DATABASE_URL or
 * HOST the user happens to have set must not move the desktop app's data or expose its port.
 */
export function builtInServerEnv(start: ServerStart): Record<string, string> {
  return {
    HOST: start.host,
    PORT: '0',
    DATA_DIR: start.dataDir,
    WEB_DIR: start.webDir,
    // Requests and warnings only; never a note's key, which no request carries.
    LOG_LEVEL: 'warn',
  };
}

/** The part of Electron's `process.parentPort` this uses (a child-process adapter in tests). */
export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: FromServer): void;
}

/** Starts on `start.port` when free (the last run's), on any free port otherwise. */
async function listen(server: AshnoteServer, preferred: number): Promise<number> {
  if (preferred === 0) return (await server.listen(0)).port;
  try {
    return (await server.listen(preferred)).port;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return (await server.listen(0)).port;
  }
}

/**
 * Serves main's requests: one `start`, then `stop`. Resolves once stopped; the caller exits the
 * process then, after the embedded database is closed and unlocked. After a failed start the
 * process waits for main, which has the message and ends it.
 */
export function serveParentPort(port: ParentPortLike): Promise<void> {
  let starting: Promise<AshnoteServer | null> | null = null;
  let stopping: Promise<void> | null = null;
  return new Promise((resolve) => {
    port.on('message', ({ data }) => {
      const message = toServerSchema.safeParse(data);
      if (!message.success) return;
      if (message.data.type === 'start') {
        if (starting !== null || stopping !== null) return;
        starting = start(message.data).then(
          ({ server, port: bound }) => {
            port.postMessage({ type: 'listening', port: bound });
            return server;
          },
          (error: unknown) => {
            port.postMessage({ type: 'failed', message: messageOf(error) });
            return null;
          },
        );
        return;
      }
      // A stop during the start waits for it, so the database is never left open.
      stopping ??= (async () => {
        const server = await starting;
        await server?.close();
      })().then(
        () => port.postMessage({ type: 'stopped' }),
        (error: unknown) => port.postMessage({ type: 'failed', message: messageOf(error) }),
      );
      void stopping.then(resolve);
    });
  });
}

async function start(request: ServerStart): Promise<{ server: AshnoteServer; port: number }> {
  const server = await createApp(loadConfig(builtInServerEnv(request)));
  try {
    return { server, port: await listen(server, request.port) };
  } catch (error) {
    await server.close();
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
