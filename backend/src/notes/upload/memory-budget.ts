import { MAX_JSON_BODY_BYTES } from '../../../../shared/limits.ts';

/**
 * What a large note costs in memory while its worker parses it, by its body's size: the body's
 * bytes as they arrive, the same bytes joined and then decoded to one string, and the images'
 * strings parsed out of it, plus the worker thread itself. `npm run bench -- abuse` ("large
 * uploads", one alone) saw the server's RSS grow by 263 MB for a 70.2 MB body: 3.75 times.
 */
export function largeUploadCost(bodyBytes: number): number {
  return 4 * bodyBytes + WORKER_BYTES;
}
const WORKER_BYTES = 16 * 1024 * 1024;

/** A budget smaller than this could never let the largest note in. */
export const MIN_UPLOAD_MEMORY_BUDGET_MB = Math.ceil(
  largeUploadCost(MAX_JSON_BODY_BYTES) / (1024 * 1024),
);

export interface MemoryBudget {
  /**
   * Resolves with `release` once `bytes` fit in the budget, waiting in line (first come, first
   * served) for at most `maxWaitMs`; resolves with null when the line is full or the wait ran out.
   */
  reserve(bytes: number): Promise<(() => void) | null>;
}

/**
 * The memory large uploads may take at once (UPLOAD_MEMORY_BUDGET_MB). An upload that does not
 * fit waits, its body left unread (the client's sending stops at the kernel's buffers), until
 * enough is released; a few wait, the rest are told to come back later. Five 67 MB notes at
 * once took a server from 336 to 1,457 MB before; now they take turns.
 */
export function memoryBudget(
  budgetBytes: number,
  line: { maxWaiting: number; maxWaitMs: number },
): MemoryBudget {
  let used = 0;
  const waiting: { bytes: number; grant: () => void }[] = [];

  const releaser = (bytes: number) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      used -= bytes;
      while (waiting.length > 0 && used + waiting[0]!.bytes <= budgetBytes) {
        const next = waiting.shift()!;
        used += next.bytes;
        next.grant();
      }
    };
  };

  return {
    reserve(bytes) {
      if (waiting.length === 0 && used + bytes <= budgetBytes) {
        used += bytes;
        return Promise.resolve(releaser(bytes));
      }
      if (waiting.length >= line.maxWaiting) return Promise.resolve(null);
      return new Promise((resolve) => {
        const entry = { bytes, grant: () => (clearTimeout(timer), resolve(releaser(bytes))) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(null);
        }, line.maxWaitMs);
        waiting.push(entry);
      });
    },
  };
}
