import type { NoteFile } from '../../../../shared/api/notes.ts';
import type { RateLimiter, RateRule } from '../../rate-limit/rate-limiter.ts';
import { totalBytes } from './upload-rules.ts';

/**
 * How many bytes of files one client may have the server store in an hour
 * (NOTE_FILE_BYTES_PER_HOUR), its notes' and its answers' together. Without it, only the rate
 * of note creation bounds them: 30 notes of 100 MB, some 3 GB per client every 10 minutes.
 * Charged by the declared sizes when a note or an answer is created, before anything is stored,
 * and counted by the client key every per-client limit uses (http/client-key.ts).
 */

const GIB = 1024 ** 3;
/** Ten notes of the largest files by default a client an hour: far more than a person sends. */
export const DEFAULT_FILE_BYTES_PER_HOUR = GIB;
/**
 * Counted in KiB (each charge rounded up), so that a window's count fits the rate limiter's
 * 32-bit counters: 2 TiB. A count passes its limit only for a moment, by what other instances
 * send at the same time (what it refuses is given back); the ceiling leaves room for 32 of them.
 */
const UNIT_BYTES = 1024;
export const FILE_BYTES_PER_HOUR_CEILING = 64 * GIB;
const HOUR_SECONDS = 3600;

export function fileByteBudget(limiter: RateLimiter, bytesPerHour: number) {
  // Rounded up as the charges are, so one note of the largest files always fits a fresh hour.
  const rule: RateRule = {
    limit: Math.ceil(bytesPerHour / UNIT_BYTES),
    windowSeconds: HOUR_SECONDS,
  };
  return {
    /**
     * Charges `client` for these files (nothing when there are none); RATE_LIMITED, with the
     * scope `file-bytes`, when they would pass what is left of the hour's budget.
     */
    async charge(files: readonly NoteFile[], client: string): Promise<void> {
      const cost = Math.ceil(totalBytes(files) / UNIT_BYTES);
      if (cost === 0) return;
      await limiter.hit('file-bytes', client, rule, { scope: 'file-bytes', cost });
    },
  };
}

export type FileByteBudget = ReturnType<typeof fileByteBudget>;
