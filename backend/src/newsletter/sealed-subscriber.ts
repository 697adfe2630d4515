import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../shared/languages.ts';
import { sealText, unsealText } from '../mail/sealing.ts';

/** What is sealed with MAIL_KEY in a subscriber's row. */
export interface SealedSubscriber {
  address: string;
  language: LanguageCode;
  /** Kept so that every later mail carries the same working link; the row has its hash. */
  unsubscribeToken: string;
}

export const sealSubscriber = (key: Buffer, subscriber: SealedSubscriber): Buffer =>
  sealText(key, JSON.stringify(subscriber));

export function unsealSubscriber(key: Buffer, sealed: Uint8Array): SealedSubscriber {
  const subscriber = JSON.parse(unsealText(key, sealed)) as SealedSubscriber;
  if (!LANGUAGE_CODES.includes(subscriber.language)) subscriber.language = FALLBACK_LANGUAGE;
  return subscriber;
}
