/**
 * Security events: what looked like an attack or a mistake, for the administrator's dashboard.
 *
 * - security-events.service.ts: the rules (keyed hash of the client, one event per kind and
 *   client per minute, 90 days kept); other features record through it.
 * - security-events.repository.ts: the SQL.
 * - security-events.entities.ts: the table.
 * - No routes: the feature answers no HTTP of its own; the dashboard's figures are read by
 *   analytics (analytics/summary.ts).
 */
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { securityEventsRepository } from './security-events.repository.ts';
import { securityEvents } from './security-events.service.ts';

export type { SecurityEvents } from './security-events.service.ts';

export function securityEventsFeature(deps: {
  database: Pick<Database, 'sql'>;
  secret: Buffer;
  logger: Logger;
}) {
  return securityEvents(securityEventsRepository(deps.database), deps.secret, deps.logger);
}
