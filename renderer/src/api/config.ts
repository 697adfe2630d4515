import type { PublicConfig } from '../../../shared/api/config.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { createStore, useStore } from '../state/store.ts';
import { apiGet } from './client.ts';

export type PublicConfigState =
  | { state: 'loading' }
  | { state: 'hasData'; data: PublicConfig }
  | { state: 'hasError'; error: unknown };

const publicConfig = createStore<PublicConfigState>({ state: 'loading' });
let requested = false;

/**
 * `GET /api/config`, fetched once per page load on first use, so one web bundle learns each
 * deployment's capabilities at run time. No retry: a screen that needs it says it is
 * unavailable.
 */
function requestOnce(): void {
  if (requested) return;
  requested = true;
  void (async () => {
    try {
      // The schema (and zod with it) loads after the first paint, not with every page.
      const { publicConfigSchema } = await import('../../../shared/api/config.ts');
      const data = await apiGet(apiPaths.config, publicConfigSchema);
      publicConfig.set({ state: 'hasData', data });
    } catch (error) {
      publicConfig.set({ state: 'hasError', error });
    }
  })();
}

/** Loading state included, for screens that must say "unavailable" rather than wait. */
export function usePublicConfigState(): PublicConfigState {
  requestOnce();
  return useStore(publicConfig);
}

/** The config, or `undefined` while loading or when the server could not be asked. */
export function usePublicConfig(): PublicConfig | undefined {
  const state = usePublicConfigState();
  return state.state === 'hasData' ? state.data : undefined;
}
