import { defineEntity, p } from '@mikro-orm/core';

/** A random secret made once and shared by every instance through the database. */
export const ServerSecret = defineEntity({
  name: 'ServerSecret',
  tableName: 'server_secret',
  properties: {
    name: p.text().primary(),
    value: p.type('uint8array').columnType('bytea'),
  },
});
