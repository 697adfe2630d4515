import crypto from 'node:crypto';
import type { SecurityEventKind } from '../../../shared/api/security-events.ts';
import { SECURITY_EVENT_DAYS } from '../../../shared/limits.ts';
import { errorMessage, type Logger } from '../logger.ts';
import type { SecurityEventsRepository } from './security-events.repository.ts';

/** One event per kind and client per minute is enough to see a pattern, not a flood's echo. */
const ONE_PER_MS = 60_000;

export interface SecurityEvents {
  /** Notes the event without waiting for (or ever failing) the request that caused it. */
  record(kind: SecurityEventKind, client: string): void;
  /** Deletes events older than SECURITY_EVENT_DAYS. */
  sweep(): Promise<void>;
}

/**
 * Records security events with a keyed hash (HMAC with a server secret) of the client address:
 * the administrator can see that many events come from one source, nobody can tell who that is.
 */
export function securityEvents(
  repo: SecurityEventsRepository,
  secret: Buffer,
  logger: Logger,
): SecurityEvents {
  const lastRecorded = new Map<string, number>();
  return {
    record(kind, client) {
      const hash = crypto.createHmac('sha256', secret).update(client).digest('base64url');
      const key = `${kind}:${hash}`;
      const now = Date.now();
      if (now - (lastRecorded.get(key) ?? 0) < ONE_PER_MS) return;
      lastRecorded.set(key, now);
      if (lastRecorded.size > 10_000) {
        for (const [seen, at] of lastRecorded)
          if (now - at >= ONE_PER_MS) lastRecorded.delete(seen);
      }
      const id = crypto.randomBytes(12).toString('base64url');
      repo
        .insert({ id, kind, client: hash.slice(0, 22) })
        .catch((error: unknown) =>
          logger.warn('security event not recorded', { kind, error: errorMessage(error) }),
        );
    },
    async sweep() {
      await repo.deleteOlderThan(new Date(Date.now() - SECURITY_EVENT_DAYS * 86_400_000));
    },
  };
}
