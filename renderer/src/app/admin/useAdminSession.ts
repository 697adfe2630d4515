import { useCallback, useEffect } from 'react';
import { createStore, useStore } from '../../state/store.ts';
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
const adminSession = createStore<AdminSessionStatus>('loading');
let requested = false;

async function refreshSession(): Promise<void> {
  try {
    const session = await fetchAdminSession();
    adminSession.set(statusOf(session));
  } catch {
    adminSession.set('unknown');
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
  const state = useStore(adminSession);

  useEffect(() => {
    if (requested) return;
    requested = true;
    void refreshSession();
  }, []);

  const signIn = useCallback(async (password: string) => {
    adminSession.set(statusOf(await postAdminLogin(password)));
  }, []);

  const signOut = useCallback(async () => {
    adminSession.set(statusOf(await postAdminLogout()));
  }, []);

  return { state, refresh: refreshSession, signIn, signOut };
}
