import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ServerSecret } from './server-secret.entity.ts';

/**
 * A random secret stored once in the database, so every instance derives the same values
 * from it (e.g. rate-limit buckets) without any of them being configured by hand. Whichever
 * instance comes first makes it; the others keep it.
 */
export async function loadServerSecret(em: EntityManager, name: string): Promise<Buffer> {
  await em
    .fork()
    .upsert(
      ServerSecret,
      { name, value: crypto.randomBytes(32) },
      { onConflictFields: ['name'], onConflictAction: 'ignore' },
    );
  const secret = await em.fork().findOneOrFail(ServerSecret, name);
  return Buffer.from(secret.value);
}
