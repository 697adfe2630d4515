/**
 * Notes: end-to-end-encrypted notes that are destroyed when read (or when they expire).
 *
 * - notes.routes.ts: HTTP (the upload reader, ids, the proof of key, status codes).
 * - notes.service.ts: the rules (rate limits, proofs, read receipts asked for, what is destroyed).
 * - notes.repository.ts: the SQL (notes, their image parts, tombstones, receipts).
 * - notes.entities.ts: the tables.
 * - Helpers beside them: note-response.ts (streams a taken note's images out part by part),
 *   read-receipts.ts and receipt-mail.ts (sending the receipt mails), space-reclaimer.ts (VACUUM after
 *   deletions), upload/ (reading a large upload within a memory budget), files/ (a note's files:
 *   their chunks' upload, download and deletion, with routes, rules, the hourly budget of bytes
 *   each client may send, and SQL of their own).
 */
import type { NoteActivity } from '../analytics/index.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import type { Logger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { SecurityEvents } from '../security-events/security-events.service.ts';
import { NOTE_MAX_LIFETIME_DAYS } from '../../../shared/limits.ts';
import { fileByteBudget } from './files/byte-budget.ts';
import { noteFilesRepository } from './files/note-files.repository.ts';
import { noteFilesRoutes } from './files/note-files.routes.ts';
import { noteFilesService } from './files/note-files.service.ts';
import { notesRepository } from './notes.repository.ts';
import { notesRoutes } from './notes.routes.ts';
import { DEFAULT_NOTE_RATE_RULES, notesService, type NoteRateRules } from './notes.service.ts';
import { readReceipts } from './read-receipts.ts';
import { spaceReclaimer } from './space-reclaimer.ts';
import { memoryBudget } from './upload/memory-budget.ts';

export interface NotesOptions {
  /** Overrides of DEFAULT_NOTE_RATE_RULES. */
  rateRules?: Partial<NoteRateRules>;
  /** How often expired notes are swept and due receipts retried. */
  sweepIntervalMs?: number;
  /**
   * At most how often the space of destroyed notes is reclaimed after a sweep (VACUUM, and on
   * the embedded database a checkpoint), when something was deleted since the last reclaim (or
   * since start). Default: every sweep on the embedded database, which has no autovacuum; 10
   * minutes on PostgreSQL, whose autovacuum also runs. Busy servers reclaim sooner, by the number
   * of notes destroyed (see spaceReclaimer).
   */
  reclaimIntervalMs?: number;
  /** Overrides RECLAIM_AFTER_DESTROYED. */
  reclaimAfterDestroyed?: number;
  /** Large uploads waiting for memory (see upload/memory-budget.ts): how many, how long. */
  uploadLine?: { maxWaiting: number; maxWaitMs: number };
}

/**
 * How often expired notes are swept by default. A note is unreadable from its expiry on (every
 * read checks it); the sweep deletes its ciphertext within this much more, a fifth of the
 * shortest life (5 minutes), and the documents promise "within a minute".
 */
export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/** Every table that holds note ciphertext or traces of a note. */
const NOTE_TABLES = [
  'note',
  'note_part',
  'note_file',
  'note_file_chunk',
  'note_tombstone',
  'read_receipt',
] as const;

/** The notes feature: routes, plus the sweeper and read-receipt delivery running beside them. */
export function notesFeature(deps: {
  config: AppConfig;
  database: Database;
  limiter: RateLimiter;
  events: SecurityEvents;
  logger: Logger;
  metrics: AppMetrics;
  options: NotesOptions;
  onActivity: (activity: NoteActivity) => void;
  /** Told after a sweep deleted uploads never completed (a request's answer may be one). */
  onUploadsAbandoned: () => Promise<void>;
}) {
  const { config, database, limiter, events, logger, metrics, options, onActivity } = deps;
  const repo = notesRepository(database);
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const receipts =
    mailer !== null && config.mailKey !== null
      ? (() => {
          const key = Buffer.from(config.mailKey, 'base64');
          return { key, delivery: readReceipts(repo, mailer, key, logger) };
        })()
      : null;
  const reclaimer = spaceReclaimer({
    reclaim: () => database.reclaim(NOTE_TABLES),
    intervalMs: options.reclaimIntervalMs ?? (database.kind === 'embedded' ? 0 : 600_000),
    afterDestroyed: options.reclaimAfterDestroyed,
    logger,
  });
  const service = notesService({
    repo,
    limiter,
    receipts,
    rules: { ...DEFAULT_NOTE_RATE_RULES, ...options.rateRules },
    offeredExpirations: config.noteExpirations,
    maxFileBytes: config.noteMaxFileBytes,
    fileBudget: fileByteBudget(limiter, config.noteFileBytesPerHour),
    logger,
    onDestroyed: reclaimer.noteDestroyed,
    events,
    onActivity,
    metrics,
  });

  const stopSweeper = startPeriodic(
    'notes-sweeper',
    options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    async () => {
      const { expired, abandoned, deleted } = await repo.sweep(NOTE_MAX_LIFETIME_DAYS);
      if (expired > 0) {
        logger.info('expired notes destroyed', { count: expired });
        metrics.notesDestroyed('expired', expired);
      }
      if (abandoned > 0) {
        logger.info('unfinished uploads deleted', { count: abandoned });
        await deps.onUploadsAbandoned();
      }
      await limiter.sweep();
      await receipts?.delivery.deliverDue();
      await reclaimer.swept(deleted);
    },
    logger,
  );

  // A few large uploads wait for memory to be released, 30 s at most, then come back later.
  const uploadBudget = memoryBudget(
    config.uploadMemoryBudgetBytes,
    options.uploadLine ?? { maxWaiting: 8, maxWaitMs: 30_000 },
  );

  return {
    routers: [
      notesRoutes(service, repo, uploadBudget),
      noteFilesRoutes(noteFilesService(noteFilesRepository(database))),
    ],
    async stop() {
      await stopSweeper();
      await reclaimer.stop();
      mailer?.close();
    },
  };
}
