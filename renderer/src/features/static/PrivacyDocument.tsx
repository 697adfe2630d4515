import { useTranslation } from '../../i18n/useTranslation.ts';
import type { DocumentProps } from './DocumentCards.tsx';
import { LegalDocument } from './LegalDocument.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';

/**
 * The twelve sections of the privacy policy, in order. The policy must say exactly what the code
 * does; each section names the tests that hold it to that:
 */
const PRIVACY_SECTIONS = [
  'scope',
  // No names or ages collected; the age answer stays in the browser:
  // renderer/src/features/age-gate/ageGate.test.ts, renderer/e2e/site.e2e.test.ts (age gate).
  'age',
  // Stored per note, never the key/password/plaintext, deleted on read, expiry or 10 wrong
  // passwords, tombstones forgotten after 30 days: backend/src/notes/zero-knowledge.test.ts,
  // backend/src/notes/notes.test.ts ("reads once with the proof, then shows a tombstone",
  // "destroys a note after ten wrong proofs…", "sweeps expired notes into tombstones and forgets
  // tombstones after 30 days"). The link check (a hash of a proof of the link alone, so that
  // guesses without the link change nothing): backend/src/notes/notes.test.ts ("cannot be
  // destroyed by someone who knows only its id"), its derivation: shared/crypto/note.test.ts,
  // the link proof never stored: backend/src/notes/zero-knowledge.test.ts. A note's files
  // (chunks, sizes, sealed metadata) deleted with it, kept an hour after a read for the download
  // token's holder, swept with the note when not all uploaded within the hour:
  // backend/src/notes/note-files.test.ts; the token kept as its SHA-256:
  // backend/src/notes/files/upload-rules.ts.
  'notes',
  // A request stores its sealed label, the claim verifier, its times and the responder's public
  // key, never a key or plaintext; the answer is a note read once with the claim proof:
  // backend/src/requests/requests.test.ts ("request → answer → claim → destroyed, with nothing
  // secret on the server", "an expired request can no longer be answered or read", "an answer
  // carries files, claimable once they are uploaded…"). The status check kept on the note and
  // its tombstone: backend/src/notes/status-link.test.ts.
  'requests',
  // No message stored or logged, room record deleted at the end: backend/src/chat/chat.test.ts
  // ("has no column that could hold a message", "carries a real end-to-end key exchange… keeps
  // it out of logs and tables", "removes rooms that expire…").
  'chat',
  // Receipt address (and the sender's reference) sealed, mailed once when the note ends however
  // it ends, saying how, then deleted; never logged: backend/src/notes/read-receipts.test.ts
  // ("mails once when the note expires unread…", "names the note by the sender's sealed
  // reference…"). Newsletter: a 5-digit code valid 15 minutes, unsubscribing only by the page's
  // button or a mail client's one-click POST, unconfirmed sign-ups swept, no address or code in
  // logs: backend/src/newsletter/newsletter.test.ts ("mails a 5-digit code…", "refuses a code
  // after its 15 minutes", "asks on opening the link, and unsubscribes only with the page's
  // button, once", "unsubscribes by the one-click POST…", "sweeps sign-ups never verified…",
  // "keeps every address and code out of the database and the logs"); the sign-up in the
  // browser: renderer/e2e/newsletter.e2e.test.ts.
  'email',
  // First-party analytics: hashed ids with a daily random salt, no address or user agent, path
  // shapes without note or room ids, DNT/GPC honoured on both sides, 90-day sweep:
  // backend/src/analytics/analytics.test.ts; ids of 16/12 characters, none without consent
  // (DNT/GPC), no note id or key sent: renderer/e2e/analytics.e2e.test.ts.
  // No third-party request on any page: renderer/e2e/site.e2e.test.ts.
  'analytics',
  // Logs without address, query string or body: backend/src/app.test.ts ("logs requests without
  // query strings or client addresses"); rate-limit counters keyed by an HMAC, deleted after a
  // day: backend/src/rate-limit/rate-limiter.ts, backend/src/notes/notes.test.ts ("answers 429…").
  // Security events under a keyed hash, never the address: backend/src/admin/admin.test.ts
  // ("refuses a wrong password, records it as a security event…": failed sign-ins, rate limits),
  // renderer/e2e/analytics.e2e.test.ts ("records abuse as security events…": notes destroyed by
  // wrong passwords, malformed chat messages, as the administrator sees them); the hash, one
  // event per minute and the deletion after SECURITY_EVENT_DAYS on both databases:
  // backend/src/security-events/security-events.test.ts.
  'logs',
  // A backup holds unread notes' ciphertext and sealed addresses, never a read note,
  // and an older one brings back notes read since: backend/src/db/backup/backup.test.ts,
  // backend/src/db/backup/pg-dump.test.ts; docs/operations.md, "Backups and restore".
  'backups',
  // No visitor cookies: renderer/e2e/site.e2e.test.ts (no cookie after visiting every route).
  // Statistics ids in storage, not created under DNT/GPC: renderer/e2e/analytics.e2e.test.ts.
  'device',
  // Nothing loaded from another origin: renderer/e2e/site.e2e.test.ts; CSP: backend/src/app.test.ts.
  'thirdParties',
  'rights',
] as const;

/** The privacy policy: the /privacy page and the home page's dialog show this. */
export function PrivacyDocument({ headingLevel }: DocumentProps) {
  const { t } = useTranslation('pages');
  const values = useDocumentValues();
  return (
    <LegalDocument
      document="privacy"
      headingLevel={headingLevel}
      sections={PRIVACY_SECTIONS.map((id) => ({
        title: t(`privacy.sections.${id}.title`),
        body: t(`privacy.sections.${id}.body`, values),
      }))}
    />
  );
}
