import { protocol } from 'electron';
import { DESKTOP_APP_SCHEME } from '../../shared/desktop-origin.ts';
import type { ServerConnection } from '../../shared/desktop-settings.ts';
import { appResponse, resolveAppRequest } from './renderer-files.ts';

/**
 * `app://ashnote`: a standard, secure scheme (so the page has an origin, storage, workers and
 * fetch like an https page), registered before `ready` as Electron requires.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: DESKTOP_APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves the built renderer (see renderer-files.ts for what is refused). After `ready`. */
export function handleAppProtocol(
  rendererDir: string,
  connection: () => ServerConnection | null,
): void {
  protocol.handle(DESKTOP_APP_SCHEME, (request) => {
    const decision = resolveAppRequest(request, rendererDir);
    const answer = appResponse(decision, request.method, connection());
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
