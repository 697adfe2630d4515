import { errorMessage, type Logger } from '../logger.ts';

/**
 * Notes destroyed since the last reclaim past which their space is reclaimed at once, not at
 * the next sweep. A read note leaves a dead row of about its size (a short note's is ~1.2 KB)
 * until VACUUM makes its space reusable; meanwhile every new note takes a fresh page. Under
 * sustained load that growth slowed the embedded database from ~1,350 to ~290 cycles/s within
 * 50 s, and PostgreSQL's autovacuum, which visits a database at most once a minute, let it fall
 * from ~1,500 to ~1,060 within 40 s; reclaiming every few seconds' worth of reads held both at
 * their first rate (`npm run bench -- notes`; figures in issue 14's notes).
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
  let reclaimedAt = 0;
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
