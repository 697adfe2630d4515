import { useTranslation } from './useTranslation.ts';
import { usePublicConfig } from '../api/config.ts';
import { SESSION_ID_LENGTH, VISITOR_ID_LENGTH } from '../../../shared/api/analytics-tracking.ts';
import { NOTE_PBKDF2_ITERATIONS } from '../../../shared/crypto/protocol.ts';
import {
  ANALYTICS_RETENTION_DAYS,
  CHAT_DURATIONS,
  CHAT_MAX_PARTICIPANTS,
  CHAT_MESSAGE_MAX_CHARS,
  DEFAULT_CHAT_DURATION,
  DEFAULT_NOTE_EXPIRATION,
  DEFAULT_NOTE_MAX_FILE_BYTES,
  MIN_AGE,
  NEWSLETTER_CODE_LENGTH,
  NEWSLETTER_CODE_VALID_MINUTES,
  NOTE_EXPIRATIONS,
  NOTE_MAX_FILES,
  NOTE_MAX_IMAGE_BYTES,
  NOTE_MAX_CHARS,
  NOTE_MAX_LIFETIME_DAYS,
  NOTE_MAX_PROOF_ATTEMPTS,
  SECURITY_EVENT_DAYS,
} from '../../../shared/limits.ts';

/**
 * Commitments the documents make that no shared constant holds yet. Each names where it is
 * kept; change both together.
 */
export const POLICY_FACTS = {
  /** Contact requests are answered within this many working days (spec §9). */
  responseDays: 5,
} as const;

const BYTES_PER_MB = 1024 * 1024;

/** Megabytes to a tenth, rounded down: a page never promises more than the server takes. */
function megabytes(bytes: number): number {
  return Math.floor((bytes / BYTES_PER_MB) * 10) / 10;
}

/**
 * The values every document text may quote. Numbers come from the constants the server
 * enforces, so no page can promise a limit the code does not keep; translate.ts formats them for
 * the reader's language (`{{maxChars, number}}`). The option lists reuse the form's own labels.
 */
export function useDocumentValues() {
  const { t, language } = useTranslation();
  const or = new Intl.ListFormat(language, { type: 'disjunction' });
  // The lives this server offers (its operator chooses them), once it has said.
  const config = usePublicConfig();
  const expiries = config?.expirations ?? NOTE_EXPIRATIONS;
  const defaultExpiry = config?.defaultExpiration ?? DEFAULT_NOTE_EXPIRATION;

  return {
    minAge: MIN_AGE,
    maxChars: NOTE_MAX_CHARS,
    maxFiles: NOTE_MAX_FILES,
    // The operator's NOTE_MAX_FILE_BYTES once the server has said, the default until then.
    maxFileMb: megabytes(config?.limits.noteMaxFileBytes ?? DEFAULT_NOTE_MAX_FILE_BYTES),
    maxImageMb: megabytes(NOTE_MAX_IMAGE_BYTES),
    maxDays: NOTE_MAX_LIFETIME_DAYS,
    // The sweeper forgets tombstones after the longest note lifetime (backend/src/notes/index.ts).
    tombstoneDays: NOTE_MAX_LIFETIME_DAYS,
    attempts: NOTE_MAX_PROOF_ATTEMPTS,
    securityEventDays: SECURITY_EVENT_DAYS,
    iterations: NOTE_PBKDF2_ITERATIONS,
    expiryOptions: or.format(expiries.map((option) => t(`home.form.expiration.${option}`))),
    defaultExpiry: t(`home.form.expiration.${defaultExpiry}`),
    chatDurations: or.format(CHAT_DURATIONS.map((option) => t(`chat.create.durations.${option}`))),
    chatDefault: t(`chat.create.durations.${DEFAULT_CHAT_DURATION}`),
    chatMessageChars: CHAT_MESSAGE_MAX_CHARS,
    chatParticipants: CHAT_MAX_PARTICIPANTS,
    codeDigits: NEWSLETTER_CODE_LENGTH,
    codeMinutes: NEWSLETTER_CODE_VALID_MINUTES,
    // The analytics sweep deletes rows this old; the tracker's ids have these lengths.
    analyticsDays: ANALYTICS_RETENTION_DAYS,
    visitorIdLength: VISITOR_ID_LENGTH,
    sessionIdLength: SESSION_ID_LENGTH,
    ...POLICY_FACTS,
  };
}

export type DocumentValues = ReturnType<typeof useDocumentValues>;
