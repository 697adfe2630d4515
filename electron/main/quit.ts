/**
 * Holds the app's quit until its last work is done: the built-in server stopped (in-flight
 * requests finished, the embedded database flushed and unlocked) and a guarded clipboard
 * cleared, then quits for real.
 */

interface QuitEvent {
  preventDefault(): void;
}

/** The part of Electron's `app` the quit hook uses (a fake in tests). */
export interface QuittingApp {
  on(event: 'will-quit', listener: (event: QuitEvent) => void): unknown;
  quit(): void;
}

export function finishBeforeQuit(
  app: QuittingApp,
  finish: () => Promise<void>,
  onError: (error: unknown) => void,
): void {
  let state: 'running' | 'finishing' | 'finished' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'finished') return;
    event.preventDefault();
    if (state === 'finishing') return;
    state = 'finishing';
    finish()
      .catch(onError)
      .finally(() => {
        state = 'finished';
        app.quit();
      });
  });
}
