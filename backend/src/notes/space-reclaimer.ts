import { errorMessage, type Logger } from '../logger.ts';

/**
 * Notes destroyed since the last reclaim past which their space is reclaimed at once, not at
 * the next sweep. A read note leaves a dead row of about its size (a short note's is ~1.2 KB)
 * until VACUUM makes its space reusable, and meanwhile new notes take fresh pages. Under
 * sustained load the embedded database, which has no autovacuum, slowed from ~1,100 to ~280
 * cycles/s within a minute (`npm run bench -- notes`, one server kept for all rounds); on
 * PostgreSQL, whose autovacuum visits a database at most once a minute, a server under 40 s of
 * unbroken load slowed by up to a third. At this count, a few seconds' worth of reads at those
 * rates, both held their first rate (figures in issue 14's notes), and a reclaim takes tens of
 * milliseconds.
 */
export const RECLAIM_AFTER_DESTROYED = 5000;

/**
 * Decides when the space of destroyed notes is reclaimed (`reclaim`, see Database.reclaim):
 * after a sweep that finds anything destroyed since the last reclaim, at most every
 * `intervalMs`; and in the background as soon as `afterDestroyed` notes have been destroyed.
 * Never two at once.
 */
export function spaceReclaimer(options: {
  reclaim: () => Promise<void>;
  intervalMs: number;
  afterDestroyed?: number;
  logger: Logger;
}) {
  const { reclaim, intervalMs, logger } = options;
  const afterDestroyed = options.afterDestroyed ?? RECLAIM_AFTER_DESTROYED;
  let destroyed = 0;
  /** Something was deleted since the last reclaim (a read, or a sweep's expiry). */
  let deletedSince = false;
  // The interval counts from start too: the first sweep runs as the server starts, when there
  // is little yet to reclaim (on PostgreSQL, autovacuum sees to what an earlier run left).
  let reclaimedAt = Date.now();
  let running: Promise<void> | null = null;
  let stopped = false;

  function start(): Promise<void> {
    destroyed = 0;
    deletedSince = false;
    reclaimedAt = Date.now();
    running = reclaim().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** A note was destroyed (read, or too many attempts). */
    noteDestroyed(): void {
      deletedSince = true;
      if (++destroyed < afterDestroyed || running !== null || stopped) return;
      start().catch((error: unknown) => {
        logger.warn('reclaiming space failed', { error: errorMessage(error) });
      });
    },
    /** After a sweep, which `deleted` rows or not: reclaims if due (errors go to the sweep). */
    async swept(deleted: boolean): Promise<void> {
      deletedSince ||= deleted;
      // One under way already covers what this sweep would reclaim, all but its own deletions,
      // which the next sweep sees.
      if (running !== null) return;
      if (deletedSince && Date.now() - reclaimedAt >= intervalMs) await start();
    },
    /** Starts no more, and waits for one under way, so the database is not closed under it. */
    async stop(): Promise<void> {
      stopped = true;
      await running?.catch(() => {});
    },
  };
}
