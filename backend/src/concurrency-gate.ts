/**
 * At most `running` holders at once; up to `waiting` more wait their turn, first come first
 * served, and past that the gate is full. Used to keep one kind of work (e.g. chat joins in a
 * flood) from taking every database connection, so other requests still find one free.
 */
export interface ConcurrencyGate {
  /** Resolves with `leave` once it is this caller's turn; null when the gate is full. */
  enter(): Promise<() => void> | null;
}

export function concurrencyGate(limits: { running: number; waiting: number }): ConcurrencyGate {
  let running = 0;
  const waiting: (() => void)[] = [];

  const leave = () => {
    const next = waiting.shift();
    // Handed over on a later turn of the event loop. Holders that leave at once (joins refused
    // from memory past their address's limit) otherwise passed their places along in one run
    // of microtasks: a thousand waiting held every other request for ~0.6 s.
    if (next) setImmediate(next);
    else running--;
  };
  /** A fresh `leave` per holder, so calling it twice cannot free a second place. */
  const leaveOnce = () => {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      leave();
    };
  };

  return {
    enter() {
      if (running < limits.running) {
        running++;
        return Promise.resolve(leaveOnce());
      }
      if (waiting.length >= limits.waiting) return null;
      // The place is handed over directly by leave(): `running` stays counted for it.
      return new Promise((resolve) => waiting.push(() => resolve(leaveOnce())));
    },
  };
}
