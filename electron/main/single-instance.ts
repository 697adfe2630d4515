/**
 * One Ashnote per user profile: a second launch hands over to the first (which comes to the
 * front) and exits. This keeps two processes off one embedded database, whose own lock would
 * otherwise stop the second with an error dialog.
 */

/** The part of Electron's `app` this uses (a fake in tests). */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** Returns false when another instance already runs: the caller must quit at once. */
export function claimSingleInstance(app: SingleInstanceApp, onSecondInstance: () => void): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', onSecondInstance);
  return true;
}
