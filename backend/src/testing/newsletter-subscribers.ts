import crypto from 'node:crypto';
import type { LanguageCode } from '../../../shared/languages.ts';
import { sealSubscriber } from '../newsletter/sealed-subscriber.ts';
import type { TestServer } from './test-server.ts';

export interface TestSubscriber {
  email: string;
  language: LanguageCode;
  /** The token of the subscriber's unsubscribe link. */
  token: string;
}

/** `count` subscribers `label.N@example.org`, their languages taken in turn from `languages`. */
export const testSubscribers = (
  label: string,
  count: number,
  languages: LanguageCode[],
): TestSubscriber[] =>
  Array.from({ length: count }, (_, index) => ({
    email: `${label}.${index}@example.org`,
    language: languages[index % languages.length]!,
    token: crypto.randomBytes(32).toString('base64url'),
  }));

/**
 * Verified subscribers written straight into the table, sealed as the service seals them: the
 * sign-up flow has its own tests, and hundreds of sign-ups through it would hit its rate limits.
 */
export async function seedSubscribers(
  t: TestServer,
  mailKey: string,
  subscribers: TestSubscriber[],
): Promise<void> {
  const key = Buffer.from(mailKey, 'base64');
  await t.server.database.sql
    .insertInto('newsletter_subscriber')
    .values(
      subscribers.map(({ email, language, token }) => ({
        address_hash: crypto.randomBytes(32),
        sealed: sealSubscriber(key, { address: email, language, unsubscribeToken: token }),
        unsubscribe_hash: crypto.createHash('sha256').update(token).digest(),
        active: true,
        activated_at: new Date(),
      })),
    )
    .execute();
}
