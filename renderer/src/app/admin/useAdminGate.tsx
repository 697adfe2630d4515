import { useState } from 'react';
import type { ReactNode } from 'react';
import { AdminLoginDialog } from './AdminLoginDialog.tsx';
import { useAdminSession } from './useAdminSession.ts';
import type { AdminSessionStatus } from './useAdminSession.ts';

export interface AdminGate {
  state: AdminSessionStatus;
  /** Runs `action` now when signed in; otherwise asks for the password first, then runs it. */
  run: (action: () => void) => void;
  /** For an action the server refused with 401 (the session expired): sign in, then retry. */
  signInThen: (action: () => void) => void;
  /** The sign-in dialog; render it once. */
  dialog: ReactNode;
}

/** Puts every administrator action behind the session (DESIGN §5), asking for it when missing. */
export function useAdminGate(): AdminGate {
  const { state, refresh } = useAdminSession();
  const [waiting, setWaiting] = useState<{ action: () => void } | null>(null);

  const signInThen = (action: () => void) => {
    void refresh();
    setWaiting({ action });
  };

  return {
    state,
    run: (action) => (state === 'signedIn' ? action() : setWaiting({ action })),
    signInThen,
    dialog: (
      <AdminLoginDialog
        open={waiting !== null}
        onClose={() => setWaiting(null)}
        onSignedIn={() => {
          setWaiting(null);
          waiting?.action();
        }}
      />
    ),
  };
}
