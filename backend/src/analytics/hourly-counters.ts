import type { AnalyticsEvent as EventName } from '../../../shared/api/analytics-tracking.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import { timingBucket } from './timing-buckets.ts';

/** What the notes service reports: that a note was created or read, never which one. */
export type NoteActivity =
  { kind: 'created'; passwordProtected: boolean; emailReceipt: boolean } | { kind: 'read' };

interface NoteCounts {
  created: number;
  read: number;
  passwordProtected: number;
  emailReceipts: number;
}

/** The hour a moment falls in, as stored; the last one is kept (it was per request in the profile). */
let lastHour = { start: Number.NaN, iso: '' };
function hourOf(at: number): string {
  const start = Math.floor(at / 3_600_000) * 3_600_000;
  if (start !== lastHour.start) lastHour = { start, iso: new Date(start).toISOString() };
  return lastHour.iso;
}

export interface HourlyCounters {
  noteActivity(activity: NoteActivity): void;
  requestTiming(route: string, ms: number): void;
  event(name: EventName): void;
  /**
   * Adds everything counted since the last flush to the database, one statement per table. A
   * flush that fails loses that interval's counts: statistics, not records anyone relies on.
   */
  flush(): Promise<void>;
}

/**
 * Counts kept in memory and added to the database now and then (like the rate limiter's sync),
 * so that counting a request, a note or an event never costs a database write of its own.
 */
export function hourlyCounters(
  repo: Pick<AnalyticsRepository, 'addNoteActivity' | 'addRequestTimings' | 'addEvents'>,
): HourlyCounters {
  let notes = new Map<string, NoteCounts>();
  let timings = new Map<string, { hour: string; route: string; bucket: number; count: number }>();
  let events = new Map<string, { hour: string; name: EventName; count: number }>();

  return {
    noteActivity(activity) {
      const hour = hourOf(Date.now());
      const counts = notes.get(hour) ?? {
        created: 0,
        read: 0,
        passwordProtected: 0,
        emailReceipts: 0,
      };
      notes.set(hour, counts);
      if (activity.kind === 'read') {
        counts.read++;
        return;
      }
      counts.created++;
      if (activity.passwordProtected) counts.passwordProtected++;
      if (activity.emailReceipt) counts.emailReceipts++;
    },

    requestTiming(route, ms) {
      const hour = hourOf(Date.now());
      const bucket = timingBucket(ms);
      const key = `${hour}|${bucket}|${route}`;
      const entry = timings.get(key) ?? { hour, route, bucket, count: 0 };
      entry.count++;
      timings.set(key, entry);
    },

    event(name) {
      const hour = hourOf(Date.now());
      const key = `${hour}|${name}`;
      const entry = events.get(key) ?? { hour, name, count: 0 };
      entry.count++;
      events.set(key, entry);
    },

    async flush() {
      const [noteRows, timingRows, eventRows] = [notes, timings, events];
      notes = new Map();
      timings = new Map();
      events = new Map();
      if (noteRows.size > 0) {
        await repo.addNoteActivity([...noteRows].map(([hour, counts]) => ({ hour, ...counts })));
      }
      if (timingRows.size > 0) await repo.addRequestTimings([...timingRows.values()]);
      if (eventRows.size > 0) await repo.addEvents([...eventRows.values()]);
    },
  };
}
