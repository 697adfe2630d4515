import crypto from 'node:crypto';
import type { AppMetrics } from './app-metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Checks `Authorization: Bearer <token>` against the configured token in constant time:
 * both are hashed first, so neither their contents nor their lengths show in the timing.
 */
export function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const match = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '');
    return match !== null && crypto.timingSafeEqual(digest(match[1]!), expected);
  };
}

/** The scrape as an answer: Prometheus' text format, never cached. */
export async function scrapeAnswer(
  metrics: AppMetrics,
): Promise<{ headers: Record<string, string>; body: string }> {
  const { contentType, body } = await metrics.scrape();
  return { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' }, body };
}
