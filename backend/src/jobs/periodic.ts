import { errorMessage, type Logger } from '../logger.ts';

/**
 * Runs `task` now and then every `intervalMs`, never overlapping itself. Tasks must be
 * idempotent: every instance runs its own copy against the shared database.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
  logger: Logger,
): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    current = current.then(async () => {
      if (stopped) return;
      try {
        await task();
      } catch (error) {
        logger.error('periodic job failed', { job: name, error: errorMessage(error) });
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
