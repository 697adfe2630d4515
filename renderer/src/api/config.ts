import { atom, useStore } from 'jotai';
import type { PublicConfig } from '../../../shared/api/config.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { useAtomValueAsPrerendered } from '../ui/hydration.ts';
import { apiGet } from './client.ts';
import { withKnownChoices } from './knownChoices.ts';

export type PublicConfigState =
  | { state: 'loading' }
  | { state: 'hasData'; data: PublicConfig }
  | { state: 'hasError'; error: unknown };

const LOADING: PublicConfigState = { state: 'loading' };
/** The server's answer, shared by every screen that reads it. */
const publicConfigAtom = atom<PublicConfigState>(LOADING);
let requested = false;

/**
 * `GET /api/config`, fetched once per page load on first use, so one web bundle learns each
 * deployment's capabilities at run time. No retry: a screen that needs it says it is
 * unavailable.
 */
function requestOnce(store: ReturnType<typeof useStore>): void {
  // Pre-rendering (src/prerender) has no server to ask.
  if (requested || typeof window === 'undefined') return;
  requested = true;
  void (async () => {
    try {
      // The schema (and zod with it) loads after the first paint, not with every page.
      const { publicConfigSchema } = await import('../../../shared/api/config.ts');
      const data = await apiGet(apiPaths.config, {
        safeParse: (answer) => publicConfigSchema.safeParse(withKnownChoices(answer)),
      });
      store.set(publicConfigAtom, { state: 'hasData', data });
    } catch (error) {
      store.set(publicConfigAtom, { state: 'hasError', error });
    }
  })();
}

/** Loading state included, for screens that must say "unavailable" rather than wait. */
export function usePublicConfigState(): PublicConfigState {
  const store = useStore();
  requestOnce(store);
  // Pre-rendered pages are made before any server is asked.
  return useAtomValueAsPrerendered(store, publicConfigAtom, LOADING);
}

/** The config, or `undefined` while loading or when the server could not be asked. */
export function usePublicConfig(): PublicConfig | undefined {
  const state = usePublicConfigState();
  return state.state === 'hasData' ? state.data : undefined;
}
