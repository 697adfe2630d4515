import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../shared/languages.ts';
import { errorMessage, withoutAddresses, type Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sealText, unsealText } from '../mail/sealing.ts';
import { ReadReceipt } from './notes.entities.ts';
import { receiptMail } from './receipt-mail.ts';

const MAX_DELIVERY_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 30;
/** A claimed receipt is invisible to other instances this long, then it is retried. */
const CLAIM_LEASE_SECONDS = 300;

/** Who gets the receipt, and in which language. */
export interface ReceiptRecipient {
  address: string;
  language: LanguageCode;
}

/**
 * Read-receipt recipients at rest are sealed with MAIL_KEY (see mail/sealing.ts), so a database
 * dump alone does not reveal who is waiting for which note, nor in which language.
 */
export function sealRecipient(key: Buffer, recipient: ReceiptRecipient): Buffer {
  return sealText(key, JSON.stringify(recipient));
}

export function unsealRecipient(key: Buffer, sealed: Uint8Array): ReceiptRecipient {
  const text = unsealText(key, sealed);
  // Receipts sealed before languages were kept hold the bare address (which never starts
  // with "{"); they still go out, in English.
  if (!text.startsWith('{')) return { address: text, language: FALLBACK_LANGUAGE };
  const { address, language } = JSON.parse(text) as ReceiptRecipient;
  return { address, language: LANGUAGE_CODES.includes(language) ? language : FALLBACK_LANGUAGE };
}

export interface ReadReceipts {
  /** Sends every due receipt once; failures are retried with backoff, then given up and erased. */
  deliverDue(): Promise<void>;
}

/**
 * Delivery runs after the read has committed and never touches the note: a slow or failing
 * mail server can delay a receipt, never the read. Rows are claimed with a lease and
 * SKIP LOCKED, so several instances never send the same receipt twice.
 */
export function readReceipts(
  database: Pick<Database, 'sql' | 'em'>,
  mailer: Mailer,
  key: Buffer,
  logger: Logger,
): ReadReceipts {
  let running: Promise<void> | null = null;

  async function deliverBatch(): Promise<number> {
    const now = sql<string>`now()`;
    const claimed = await database.sql
      .updateTable('read_receipt')
      .set({ next_attempt_at: sql<string>`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
      .where('note_id', 'in', (eb) =>
        eb
          .selectFrom('read_receipt')
          .select('note_id')
          .where('read_at', 'is not', null)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(10)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['note_id', 'sealed_address', 'read_at', 'attempts'])
      .execute();
    const em = database.em();
    for (const receipt of claimed) {
      try {
        const { address, language } = unsealRecipient(key, receipt.sealed_address);
        await mailer.send({ to: address, ...receiptMail(language, new Date(receipt.read_at!)) });
        await em.nativeDelete(ReadReceipt, { noteId: receipt.note_id });
        logger.info('read receipt sent');
      } catch (error) {
        const attempts = receipt.attempts + 1;
        if (attempts >= MAX_DELIVERY_ATTEMPTS) {
          await em.nativeDelete(ReadReceipt, { noteId: receipt.note_id });
          logger.error('read receipt given up', {
            attempts,
            error: withoutAddresses(errorMessage(error)),
          });
        } else {
          const delay = FIRST_RETRY_SECONDS * 2 ** (attempts - 1);
          await em.nativeUpdate(
            ReadReceipt,
            { noteId: receipt.note_id },
            { attempts, nextAttemptAt: new Date(Date.now() + delay * 1000) },
          );
          logger.warn('read receipt failed, will retry', {
            attempts,
            retryInSeconds: delay,
            error: withoutAddresses(errorMessage(error)),
          });
        }
      }
    }
    return claimed.length;
  }

  return {
    deliverDue() {
      running ??= (async () => {
        try {
          while ((await deliverBatch()) > 0);
        } finally {
          running = null;
        }
      })();
      return running;
    },
  };
}
