import type { WebSocket } from 'ws';
import { errorMessage, type Logger } from '../../logger.ts';

/**
 * The sessions' own asynchronous work, kept where stop() can end it: each socket's frames in
 * order, fire-and-forget tasks, and delayed ones.
 */
export function sessionWork(logger: Logger) {
  const chains = new WeakMap<WebSocket, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  return {
    /** Set once stop() has begun; nothing new starts after that. */
    get stopped(): boolean {
      return stopped;
    },

    /** Join, leave and drop of one socket run one after another, in arrival order. */
    serial(socket: WebSocket, task: () => Promise<void>): Promise<void> {
      const next = (chains.get(socket) ?? Promise.resolve()).catch(() => {}).then(task);
      chains.set(socket, next);
      return next;
    },

    /** Fire-and-forget work that stop() still waits for. */
    background(name: string, task: () => Promise<void>): void {
      const run = task().catch((error: unknown) =>
        logger.error('chat task failed', { task: name, error: errorMessage(error) }),
      );
      running.add(run);
      void run.finally(() => running.delete(run));
    },

    later(delayMs: number, task: () => void): void {
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },

    markStopped(): void {
      stopped = true;
    },

    /** After markStopped(): drops what waits on a timer and waits for what runs. */
    async drain(): Promise<void> {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}

export type SessionWork = ReturnType<typeof sessionWork>;
