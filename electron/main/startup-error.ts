/**
 * When the app cannot start (most often: another Ashnote server already holds the data folder,
 * which the backend reports with a message saying what to do), the user sees that message in a
 * dialog and the app exits, instead of an empty window or a process that silently lingers.
 */

export interface StartupFailure {
  title: string;
  content: string;
}

export function startupFailure(error: unknown): StartupFailure {
  // The message only: a stack trace helps nobody reading a dialog.
  const message = error instanceof Error ? error.message : String(error);
  return { title: 'Ashnote could not start', content: message };
}

export interface FailureDeps {
  showErrorBox(title: string, content: string): void;
  exit(code: number): void;
}

export function failStartup(deps: FailureDeps, error: unknown): void {
  const { title, content } = startupFailure(error);
  deps.showErrorBox(title, content);
  deps.exit(1);
}
