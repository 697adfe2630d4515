import { atom, useAtomValue } from 'jotai';
import { unwrap } from 'jotai/utils';
import { publicConfigSchema } from '../../../shared/api/config.ts';
import type { PublicConfig } from '../../../shared/api/config.ts';
import { apiPaths } from '../../../shared/api/paths.ts';
import { apiGet } from './client.ts';

/**
 * `GET /api/config`, fetched once per page load on first use (an async atom caches its
 * result), so one web bundle learns each deployment's capabilities at run time. No retry: a
 * screen that needs it says it is unavailable.
 */
export const publicConfigAtom = atom<Promise<PublicConfig>>(() =>
  apiGet(apiPaths.config, publicConfigSchema),
);

export type PublicConfigState =
  | { state: 'loading' }
  | { state: 'hasData'; data: PublicConfig }
  | { state: 'hasError'; error: unknown };

const settledConfigAtom = atom(async (get): Promise<PublicConfigState> => {
  try {
    return { state: 'hasData', data: await get(publicConfigAtom) };
  } catch (error) {
    return { state: 'hasError', error };
  }
});

// Synchronous view of the request: no Suspense boundary needed to read it.
const publicConfigStateAtom = unwrap(
  settledConfigAtom,
  (previous): PublicConfigState => previous ?? { state: 'loading' },
);

/** Loading state included, for screens that must say "unavailable" rather than wait. */
export function usePublicConfigState(): PublicConfigState {
  return useAtomValue(publicConfigStateAtom);
}

/** The config, or `undefined` while loading or when the server could not be asked. */
export function usePublicConfig(): PublicConfig | undefined {
  const state = usePublicConfigState();
  return state.state === 'hasData' ? state.data : undefined;
}
