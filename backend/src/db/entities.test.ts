import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { TEST_DATABASES, createTestStore } from '../testing/test-server.ts';
import { openDatabase } from './database.ts';

describe.each(TEST_DATABASES)('entities and migrations on %s', (kind) => {
  it('describe the same schema: nothing to change after the migrations ran', async () => {
    const store = await createTestStore(kind);
    const database = await openDatabase(loadConfig(store.env), createLogger('silent'));
    try {
      const difference = await database.orm.schema.getUpdateSchemaSQL({
        wrap: false,
        safe: false,
        dropTables: true,
      });
      expect(difference.trim()).toBe('');
    } finally {
      await database.close();
      await store.drop();
    }
  });
});
