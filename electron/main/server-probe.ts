import { healthSchema, publicConfigSchema } from '../../shared/api/config.ts';
import { apiPaths } from '../../shared/api/paths.ts';
import { DESKTOP_APP_ORIGIN } from '../../shared/desktop-origin.ts';
import type { ServerSwitchProblem } from '../../shared/desktop-settings.ts';

/**
 * Before the app switches to a hosted server it asks that server what the renderer will ask
 * (`/api/health`, `/api/config`), as the app's origin, so a typo, a server that is not Ashnote,
 * one whose database is down or one that refuses the desktop app is reported on the settings
 * screen instead of breaking every screen after the switch.
 */

export type ProbeResult = { ok: true } | { ok: false; problem: ServerSwitchProblem };

export interface ProbeOptions {
  fetch: typeof fetch;
  timeoutMs?: number;
}

export async function probeServer(origin: string, options: ProbeOptions): Promise<ProbeResult> {
  const get = (path: string) =>
    options.fetch(new URL(path, origin), {
      headers: { Accept: 'application/json', Origin: DESKTOP_APP_ORIGIN },
      // A redirect would move the app somewhere the user did not type.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });

  let health: Response;
  try {
    health = await get(apiPaths.health);
  } catch {
    return { ok: false, problem: 'unreachable' };
  }
  const healthBody = healthSchema.safeParse(await jsonOf(health));
  if (!healthBody.success) return { ok: false, problem: 'not-ashnote' };
  if (!health.ok || healthBody.data.status !== 'ok') return { ok: false, problem: 'unhealthy' };

  let config: Response;
  try {
    config = await get(apiPaths.config);
  } catch {
    return { ok: false, problem: 'unreachable' };
  }
  if (!config.ok || !publicConfigSchema.safeParse(await jsonOf(config)).success) {
    return { ok: false, problem: 'not-ashnote' };
  }
  // What the renderer's browser engine will check on every answer.
  if (config.headers.get('access-control-allow-origin') !== DESKTOP_APP_ORIGIN) {
    return { ok: false, problem: 'origin-refused' };
  }
  return { ok: true };
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
