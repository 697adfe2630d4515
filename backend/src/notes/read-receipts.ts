import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../shared/languages.ts';
import { errorMessage, withoutAddresses, type Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sealText, unsealText } from '../mail/sealing.ts';
import type { NotesRepository } from './notes.repository.ts';
import { receiptMail } from './receipt-mail.ts';

const MAX_DELIVERY_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 30;
/** A claimed receipt is invisible to other instances this long, then it is retried. */
const CLAIM_LEASE_SECONDS = 300;
/** Receipts claimed at once. */
const BATCH = 10;

/**
 * Who gets the receipt, in which language, and which note it is about in the sender's terms: their
 * reference (if they gave one) and when the note was created.
 */
export interface ReceiptRecipient {
  address: string;
  language: LanguageCode;
  reference: string | null;
  /** ISO 8601. */
  createdAt: string | null;
}

/**
 * Read-receipt recipients at rest are sealed with MAIL_KEY (see mail/sealing.ts), so a database
 * dump alone does not reveal who is waiting for which note, in which language, nor what the
 * sender calls it; the reference is erased with the address.
 */
export function sealRecipient(key: Buffer, recipient: ReceiptRecipient): Buffer {
  return sealText(key, JSON.stringify(recipient));
}

export function unsealRecipient(key: Buffer, sealed: Uint8Array): ReceiptRecipient {
  const text = unsealText(key, sealed);
  // Receipts sealed before languages were kept hold the bare address (which never starts
  // with "{"); they still go out, in English. Those sealed before references lack the last two.
  if (!text.startsWith('{')) {
    return { address: text, language: FALLBACK_LANGUAGE, reference: null, createdAt: null };
  }
  const sealedFields = JSON.parse(text) as Partial<ReceiptRecipient> & { address: string };
  const language = sealedFields.language;
  return {
    address: sealedFields.address,
    language: language && LANGUAGE_CODES.includes(language) ? language : FALLBACK_LANGUAGE,
    reference: sealedFields.reference ?? null,
    createdAt: sealedFields.createdAt ?? null,
  };
}

export interface ReadReceipts {
  /** Sends every due receipt once; failures are retried with backoff, then given up and erased. */
  deliverDue(): Promise<void>;
}

/**
 * A receipt goes out once its note has ended, however it ended (read, expired, too many wrong
 * passwords, destroyed by the sender), and says which. Delivery runs after the ending has committed and never touches the note: a slow or failing
 * mail server can delay a receipt, never the read. Rows are claimed with a lease and
 * SKIP LOCKED, so several instances never send the same receipt twice.
 */
export function readReceipts(
  repo: Pick<NotesRepository, 'claimDueReceipts' | 'deleteReceipt' | 'retryReceiptAt'>,
  mailer: Mailer,
  key: Buffer,
  logger: Logger,
): ReadReceipts {
  let running: Promise<void> | null = null;

  async function deliverBatch(): Promise<number> {
    const claimed = await repo.claimDueReceipts(BATCH, CLAIM_LEASE_SECONDS);
    for (const receipt of claimed) {
      try {
        const recipient = unsealRecipient(key, receipt.sealed_address);
        const mail = receiptMail(
          recipient.language,
          { reason: receipt.reason, at: new Date(receipt.read_at!) },
          {
            reference: recipient.reference,
            createdAt: recipient.createdAt === null ? null : new Date(recipient.createdAt),
          },
        );
        await mailer.send({ to: recipient.address, ...mail });
        await repo.deleteReceipt(receipt.note_id);
        logger.info('read receipt sent');
      } catch (error) {
        const attempts = receipt.attempts + 1;
        if (attempts >= MAX_DELIVERY_ATTEMPTS) {
          await repo.deleteReceipt(receipt.note_id);
          logger.error('read receipt given up', {
            attempts,
            error: withoutAddresses(errorMessage(error)),
          });
        } else {
          const delay = FIRST_RETRY_SECONDS * 2 ** (attempts - 1);
          await repo.retryReceiptAt(receipt.note_id, attempts, new Date(Date.now() + delay * 1000));
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
