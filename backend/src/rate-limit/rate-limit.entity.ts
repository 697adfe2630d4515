import { defineEntity, p } from '@mikro-orm/core';

/**
 * A rate-limit counter shared by every instance: a keyed hash of the client (never its
 * address) and an action, the current window and its hits. Instances also announce themselves
 * here (buckets starting with `~instance:`), so each knows how many share a limit.
 */
export const RateLimit = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limit',
  properties: {
    bucket: p.text().primary(),
    windowStart: p.datetime().columnType('timestamptz'),
    hits: p.integer(),
  },
});
