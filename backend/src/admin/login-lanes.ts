import { concurrencyGate } from '../concurrency-gate.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Each scrypt check takes a few hundred milliseconds and 128 MB, so only a few run at once,
 * in two lanes: browsers that signed in before (trusted, see trusted-devices.ts) and everyone
 * else. Unknown browsers wait in a short line, at most one check per client address (range) in
 * it, so one address cannot fill it; past it they are told to come back. However many
 * addresses a flood of wrong passwords rotates through, it only ever fills the unknown lane:
 * the administrator's own browser still gets a check at once.
 */
const UNKNOWN = { running: 2, waiting: 8 };
const TRUSTED = { running: 1, waiting: 4 };

const busy = () =>
  new AppError('UNAVAILABLE', 'The server is busy. Please try again in a moment.', {
    headers: { 'Retry-After': '2' },
  });

export type LoginCaller = { trustedDevice: string } | { client: string };

export function loginLanes() {
  const unknown = concurrencyGate(UNKNOWN);
  const trusted = concurrencyGate(TRUSTED);
  /** Unknown callers with a check running or waiting. */
  const inLine = new Set<string>();

  async function inLane<T>(
    gate: ReturnType<typeof concurrencyGate>,
    work: () => Promise<T>,
  ): Promise<T> {
    const entered = gate.enter();
    if (entered === null) throw busy();
    const leave = await entered;
    try {
      return await work();
    } finally {
      leave();
    }
  }

  return {
    /** Runs one password check in the caller's lane; refuses with 503 when that lane is full. */
    async check<T>(caller: LoginCaller, work: () => Promise<T>): Promise<T> {
      if ('trustedDevice' in caller) return inLane(trusted, work);
      if (inLine.has(caller.client)) throw busy();
      inLine.add(caller.client);
      try {
        return await inLane(unknown, work);
      } finally {
        inLine.delete(caller.client);
      }
    },
  };
}
