import { atom, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useAtomValueAsPrerendered } from '../../ui/hydration.ts';
import { fetchAdminSession, postAdminLogin, postAdminLogout } from './adminApi.ts';

/**
 * Where the administrator stands on this server:
 * - `loading`: not asked yet;
 * - `unavailable`: the server has no administrator configured (ADMIN_PASSWORD_HASH unset);
 * - `signedOut` / `signedIn`: the session cookie is missing or expired / open;
 * - `unknown`: the server could not be asked (offline); admin actions will say why they fail.
 */
export type AdminSessionStatus = 'loading' | 'unavailable' | 'signedOut' | 'signedIn' | 'unknown';

// One answer for the whole page, so the blog's controls and a sign-in dialog always agree.
const adminSessionAtom = atom<AdminSessionStatus>('loading');
let requested = false;

type Store = ReturnType<typeof useStore>;

async function refreshSession(store: Store): Promise<void> {
  try {
    const session = await fetchAdminSession();
    store.set(adminSessionAtom, statusOf(session));
  } catch {
    store.set(adminSessionAtom, 'unknown');
  }
}

function statusOf(session: { available: boolean; authenticated: boolean }): AdminSessionStatus {
  if (!session.available) return 'unavailable';
  return session.authenticated ? 'signedIn' : 'signedOut';
}

export interface AdminSession {
  state: AdminSessionStatus;
  /** Asks the server again (e.g. after an admin call answered 401: the session expired). */
  refresh: () => Promise<void>;
  /** Rejects with the API's error (wrong password, rate limited…); see `adminErrorKey`. */
  signIn: (password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

/** The administrator session (DESIGN §5: every admin action needs it), asked once per page. */
export function useAdminSession(): AdminSession {
  const store = useStore();
  // Pre-rendered pages are made before any session is asked about.
  const state = useAtomValueAsPrerendered(store, adminSessionAtom, 'loading');

  useEffect(() => {
    if (requested) return;
    requested = true;
    void refreshSession(store);
  }, [store]);

  const signIn = useCallback(
    async (password: string) => {
      store.set(adminSessionAtom, statusOf(await postAdminLogin(password)));
    },
    [store],
  );

  const signOut = useCallback(async () => {
    store.set(adminSessionAtom, statusOf(await postAdminLogout()));
  }, [store]);

  const refresh = useCallback(() => refreshSession(store), [store]);
  return { state, refresh, signIn, signOut };
}
