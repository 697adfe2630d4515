import crypto from 'node:crypto';
import type {
  CreateNoteResponse,
  DestroyReason,
  NoteFile,
  NoteInfoResponse,
  NoteStatusResponse,
} from '../../../shared/api/notes.ts';
import {
  NOTE_EXPIRATION_SECONDS,
  NOTE_MAX_LIFETIME_DAYS,
  NOTE_MAX_PROOF_ATTEMPTS,
  type NoteExpiration,
} from '../../../shared/limits.ts';
import { NOTE_PBKDF2_ITERATIONS } from '../../../shared/crypto/protocol.ts';
import { AppError } from '../http/app-error.ts';
import { refuseUnofferedExpiration } from './offered-expirations.ts';
import { mailboxKey } from '../mail/mailbox.ts';
import { errorMessage, type Logger } from '../logger.ts';
import { randomId } from '../random-id.ts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.ts';
import type { NoteActivity } from '../analytics/index.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { SecurityEvents } from '../security-events/security-events.service.ts';
import type { NotesRepository, TakenNote } from './notes.repository.ts';
import { sealRecipient, type ReadReceipts } from './read-receipts.ts';
import type { NoteUpload } from './upload/note-request.ts';
import type { FileByteBudget } from './files/byte-budget.ts';
import { newToken, refuseOversizedFiles } from './files/upload-rules.ts';

export interface NoteRateRules {
  create: RateRule;
  proof: RateRule;
  /** Status-link calls (state and "Destroy now"), per client address. */
  status: RateRule;
  /** Read receipts one sender (address) may ask for. */
  receiptsPerSender: RateRule;
  /** Read receipts one mailbox may be sent, whoever asks: nobody can flood someone's inbox. */
  receiptsPerRecipient: RateRule;
}

const DAY = 86_400;

export const DEFAULT_NOTE_RATE_RULES: NoteRateRules = {
  create: { limit: 30, windowSeconds: 600 },
  proof: { limit: 60, windowSeconds: 600 },
  // A status page polls every 5 s while visible: 10 minutes of one open page, and some room.
  status: { limit: 240, windowSeconds: 600 },
  receiptsPerSender: { limit: 20, windowSeconds: DAY },
  receiptsPerRecipient: { limit: 10, windowSeconds: DAY },
};

/** A proof's or token's verifier, as stored: SHA-256 of its bytes (sent as base64url). */
export const sha256 = (base64url: string) =>
  crypto.createHash('sha256').update(Buffer.from(base64url, 'base64url')).digest();

function goneMessage(reason: DestroyReason): string {
  switch (reason) {
    case 'read':
      return 'Note not found or has already been read.';
    case 'expired':
      return 'This note has expired and is no longer available.';
    case 'too_many_attempts':
      return 'This note has been destroyed after too many incorrect attempts.';
    case 'destroyed_by_sender':
      return 'This note was destroyed by its sender before it was read.';
  }
}

/** A note just read: what the read took, and its files with the reader's download token. */
export interface ReadNote extends TakenNote {
  files: NoteFile[];
  /** Null when the note has no files. */
  downloadToken: string | null;
}

/**
 * A proof's or token's verifier (SHA-256) against the stored one, in constant time; null never
 * matches.
 */
export function proofMatches(stored: Uint8Array | null, proof: string): boolean {
  if (stored === null) return false;
  const given = sha256(proof);
  return stored.length === given.length && crypto.timingSafeEqual(stored, given);
}

export function notesService(deps: {
  repo: NotesRepository;
  limiter: RateLimiter;
  /** Null when the server has no mail configured. */
  receipts: { delivery: ReadReceipts; key: Buffer } | null;
  rules: NoteRateRules;
  /** The lives this server offers (its operator's NOTE_EXPIRATIONS). */
  offeredExpirations: readonly NoteExpiration[];
  /** The most one note's files may take together (NOTE_MAX_FILE_BYTES). */
  maxFileBytes: number;
  /** What files one client may send in an hour (NOTE_FILE_BYTES_PER_HOUR), answers' included. */
  fileBudget: FileByteBudget;
  logger: Logger;
  /** A note was destroyed (read, or too many attempts): its space can be reclaimed. */
  onDestroyed: () => void;
  events: SecurityEvents;
  /** Counted by the analytics: that a note was created or read, never which one. */
  onActivity: (activity: NoteActivity) => void;
  /** Counted the same way for Prometheus, with the notes destroyed by wrong passwords. */
  metrics: Pick<AppMetrics, 'noteCreated' | 'notesDestroyed'>;
}) {
  const { repo, limiter, receipts, rules, logger, onDestroyed, events, onActivity, metrics } = deps;
  const offered = deps.offeredExpirations;

  /** Sends the receipts a note's ending just armed, without making the caller wait for mail. */
  function deliverReceipts(): void {
    receipts?.delivery
      .deliverDue()
      .catch((error: unknown) =>
        logger.error('read receipt delivery failed', { error: errorMessage(error) }),
      );
  }

  /**
   * The state the status link may see, after checking its proof: 403 for a wrong one (the note
   * exists, but this link is not its status link), 404 once even the tombstone is gone.
   */
  async function statusFor(id: string, statusProof: string): Promise<NoteStatusResponse> {
    const row = await repo.status(id);
    if (row.kind === 'unknown') {
      throw new AppError('NOT_FOUND', 'This note is no longer known: it ended over 30 days ago.');
    }
    if (!proofMatches(row.statusVerifier, statusProof)) {
      throw new AppError('FORBIDDEN', 'This status link does not belong to this note.');
    }
    return row.kind === 'waiting'
      ? {
          state: 'waiting',
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        }
      : { state: 'ended', reason: row.reason, endedAt: row.endedAt.toISOString() };
  }

  /** Checks what the server must (mail, limits) and stores the note. */
  async function store(upload: NoteUpload, client: string): Promise<CreateNoteResponse> {
    const input = upload.fields;
    refuseUnofferedExpiration(offered, input.expiration);
    refuseOversizedFiles(input.files, deps.maxFileBytes);
    if (input.emailNotification !== null && receipts === null) {
      throw new AppError(
        'VALIDATION_FAILED',
        'E-mail notifications are not available on this server.',
        {
          fields: [{ path: 'emailNotification', message: 'not available' }],
          details: { emailAvailable: false },
        },
      );
    }
    await limiter.hit('note-create', client, rules.create);
    await deps.fileBudget.charge(input.files, client);
    if (input.emailNotification !== null) {
      const scope = { scope: 'read-receipt' } as const;
      await limiter.hit('receipt-sender', client, rules.receiptsPerSender, scope);
      // Keyed by the inbox, however the address is spelt, hashed like every rate-limit key.
      await limiter.hit(
        'receipt-recipient',
        mailboxKey(input.emailNotification),
        rules.receiptsPerRecipient,
        { ...scope, keyIsAddress: false },
      );
    }
    const noteId = randomId();
    const fileUpload = input.files.length > 0 ? newToken() : null;
    const expiresAt = await repo.insert({
      id: noteId,
      content: input.content,
      partsPerImage: upload.partsPerImage,
      parts: upload.parts,
      verifier: Buffer.from(input.verifier, 'base64url'),
      linkVerifier: Buffer.from(input.linkVerifier, 'base64url'),
      statusVerifier:
        input.statusVerifier === null ? null : Buffer.from(input.statusVerifier, 'base64url'),
      kdf: input.kdf,
      expiresInSeconds: Math.min(
        NOTE_EXPIRATION_SECONDS[input.expiration],
        NOTE_MAX_LIFETIME_DAYS * 86_400,
      ),
      sealedReceiptAddress:
        input.emailNotification === null || receipts === null
          ? null
          : sealRecipient(receipts.key, {
              address: input.emailNotification,
              language: input.notificationLanguage,
              reference: input.notificationReference,
              // Stamped here, a moment before the row's own created_at: the receipt names the
              // note by it to the minute, so the difference never shows.
              createdAt: new Date().toISOString(),
            }),
      files: input.files,
      uploadVerifier: fileUpload?.verifier ?? null,
    });
    metrics.noteCreated();
    onActivity({
      kind: 'created',
      passwordProtected: input.kdf !== null,
      emailReceipt: input.emailNotification !== null,
    });
    return fileUpload === null
      ? { noteId, expiresAt }
      : { noteId, expiresAt, uploadToken: fileUpload.token };
  }

  return {
    async create(upload: NoteUpload, client: string): Promise<CreateNoteResponse> {
      try {
        return await store(upload, client);
      } finally {
        upload.discard();
      }
    },

    async info(id: string): Promise<NoteInfoResponse> {
      const state = await repo.state(id);
      switch (state.kind) {
        case 'live':
          return {
            success: true,
            isDestroyed: false,
            hasPassword: state.hasPassword,
            kdf:
              state.kdf === null
                ? null
                : { salt: state.kdf.salt, iterations: NOTE_PBKDF2_ITERATIONS },
            expiresAt: state.expiresAt,
            attachmentCount: state.attachmentCount,
            fileCount: state.fileCount,
          };
        case 'destroyed':
          return {
            success: true,
            isDestroyed: true,
            reason: state.reason,
            timeAgo: splitSeconds(state.secondsAgo),
          };
        case 'unknown':
          throw new AppError('NOT_FOUND', 'Note not found or has already been read.');
      }
    },

    /**
     * The read: the note is taken (destroyed) when the proof is right. A wrong proof counts
     * against the note only when its link proof is right, i.e. from someone who has the link;
     * one without the link is refused without touching the note.
     */
    async verify(id: string, proof: string, linkProof: string, client: string): Promise<ReadNote> {
      await limiter.hit('note-proof', client, rules.proof);
      // Made for every read, so a note with files takes no other path than one without.
      const download = newToken();
      const taken = await repo.takeWithVerifier(id, sha256(proof), download.verifier);
      if (taken) {
        onDestroyed();
        metrics.notesDestroyed('read');
        onActivity({ kind: 'read' });
        if (taken.receipts > 0) deliverReceipts();
        if (taken.fileCount === 0) return { ...taken, files: [], downloadToken: null };
        return { ...taken, files: await repo.filesOf(id), downloadToken: download.token };
      }
      const attempts = await repo.countFailedAttempt(id, sha256(linkProof));
      if (attempts === null) {
        const state = await repo.state(id);
        switch (state.kind) {
          case 'live':
            throw new AppError('FORBIDDEN', 'This link does not belong to this note.');
          case 'destroyed':
            throw new AppError('GONE', goneMessage(state.reason), {
              details: { reason: state.reason },
            });
          case 'unknown':
            throw new AppError('NOT_FOUND', 'Note not found or has already been read.');
        }
      }
      if (attempts >= NOTE_MAX_PROOF_ATTEMPTS) {
        await repo.destroy(id, 'too_many_attempts');
        onDestroyed();
        metrics.notesDestroyed('too_many_attempts');
        events.record('note_attempts_exhausted', client);
        deliverReceipts();
        throw new AppError('GONE', goneMessage('too_many_attempts'), {
          details: { reason: 'too_many_attempts' },
        });
      }
      throw new AppError('WRONG_PROOF', 'Incorrect password. Please try again.', {
        details: { attemptsLeft: NOTE_MAX_PROOF_ATTEMPTS - attempts },
      });
    },

    /** The status link's view of the note: never its content, which its proof cannot open. */
    async status(id: string, statusProof: string, client: string): Promise<NoteStatusResponse> {
      await limiter.hit('note-status', client, rules.status);
      return statusFor(id, statusProof);
    },

    /**
     * "Destroy now" from the status link. The delete itself checks the verifier, so a wrong proof
     * destroys nothing; the answer is the state afterwards (already read, say, if the reader
     * was first), and a wrong proof answers 403 like `status`.
     */
    async destroy(id: string, statusProof: string, client: string): Promise<NoteStatusResponse> {
      await limiter.hit('note-status', client, rules.status);
      if (await repo.destroyBySender(id, sha256(statusProof))) {
        onDestroyed();
        metrics.notesDestroyed('destroyed_by_sender');
        deliverReceipts();
      }
      return statusFor(id, statusProof);
    },
  };
}

export function splitSeconds(total: number): { hours: number; minutes: number; seconds: number } {
  const safe = Math.max(0, Math.floor(total));
  return {
    hours: Math.floor(safe / 3600),
    minutes: Math.floor((safe % 3600) / 60),
    seconds: safe % 60,
  };
}

export type NotesService = ReturnType<typeof notesService>;
