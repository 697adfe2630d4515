import { sql } from 'kysely';

/**
 * Timing buckets, as counted (hourly-counters.ts) and read back (summary.ts): bucket b holds
 * durations up to 1.25^b ms (b = 0 … 60, about 11 minutes).
 */
const BUCKET_BASE = 1.25;
const LAST_BUCKET = 60;

export function timingBucket(ms: number): number {
  if (ms <= 1) return 0;
  return Math.min(LAST_BUCKET, Math.ceil(Math.log(ms) / Math.log(BUCKET_BASE)));
}

/** SQL for a bucket's upper bound in milliseconds. */
export const bucketMs = (bucket: ReturnType<typeof sql>) =>
  sql<number>`power(${BUCKET_BASE}::float8, ${bucket})`;
