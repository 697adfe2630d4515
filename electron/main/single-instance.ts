/**
 * One Ashnote per user profile: a second launch hands its arguments (a deep link, say) over to
 * the first, which comes to the front, and exits. This also keeps two processes off one
 * embedded database, whose own lock would otherwise stop the second with an error dialog.
 */

/** The part of Electron's `app` this uses (a fake in tests). */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
}

/** Returns false when another instance already runs: the caller must quit at once. */
export function claimSingleInstance(
  app: SingleInstanceApp,
  onSecondInstance: (argv: readonly string[]) => void,
): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', (_event, argv) => onSecondInstance(argv));
  return true;
}
