import { defineEntity, p } from '@mikro-orm/core';
import { SECURITY_EVENT_KINDS } from '../../../shared/api/security-events.ts';

/**
 * Something that looked like an attack or a mistake, for the administrator's dashboard: what
 * and when, and a keyed hash of the client address (enough to see that events come from one
 * source, useless to find out who that is). Kept 90 days.
 */
export const SecurityEvent = defineEntity({
  name: 'SecurityEvent',
  tableName: 'security_event',
  properties: {
    id: p.text().primary(),
    kind: p.enum(SECURITY_EVENT_KINDS).columnType('text'),
    client: p.text(),
    createdAt: p
      .datetime()
      .columnType('timestamptz')
      .defaultRaw('now()')
      .index('security_event_created_at_idx'),
  },
});
