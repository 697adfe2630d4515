import type { ComponentType } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { AnonymousIcon, LinkIcon, LockIcon, ShieldIcon, TimerOffIcon } from '../../ui/icons.tsx';
import { CardGrid, DocumentCard, DocumentSection, DocumentStack } from './DocumentCards.tsx';
import type { DocumentProps } from './DocumentCards.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';
import { space } from '../../ui/tokens.ts';

/**
 * The five claims of the spec (§2, /security), and the tests that hold the code to them
 * (DESIGN §5):
 * - clientSide: shared/crypto/note.test.ts and chat.test.ts (known answers), engines.test.ts
 *   (WebCrypto and @noble agree, NIST vectors); the noble fallback in a browser without WebCrypto
 *   and image metadata stripped before encryption: renderer/e2e/notes.e2e.test.ts ("works where
 *   the page has no WebCrypto…", "creates a password note with an image…", whose JPEG carries
 *   GPS EXIF).
 * - zeroKnowledge: backend/src/notes/zero-knowledge.test.ts (no key, password, proof, link proof
 *   or plaintext in any table or log); no guessing without the link: backend/src/notes/
 *   notes.test.ts ("cannot be destroyed by someone who knows only its id").
 * - transport: backend/src/app.test.ts ("sends security headers on every response…" for the
 *   CSP and no-referrer, "sends HSTS only when the request came in over https…"); the warning on
 *   plain http: renderer/e2e/insecure-origin.e2e.test.ts.
 * - deletion: backend/src/notes/notes.test.ts ("gives the content to exactly one of 50
 *   concurrent readers", "…when readers hit both instances", "never serves an expired note, even
 *   before the sweeper runs"); backend/src/chat/chat.test.ts ("has no column that could hold a
 *   message").
 * - noTracking: renderer/e2e/site.e2e.test.ts (no request to another origin, no cookie, on every
 *   route); backend/src/analytics/analytics.test.ts ("records a visit with hashed ids… no address
 *   or user agent", "stores nothing at all for Do-Not-Track or Global Privacy Control");
 *   renderer/e2e/analytics.e2e.test.ts.
 * The sections below the cards: what is stored is the privacy policy's "Notes" and "Requests"
 * lists, held by the tests named in PrivacyDocument.tsx; what the server never sees, by
 * zero-knowledge.test.ts, requests.test.ts, chat.test.ts ("carries a real end-to-end key
 * exchange… keeps it out of logs and tables") and app.test.ts ("logs requests without query
 * strings or client addresses"). How files are protected (issue 33): the chunk format and its
 * attacks (cut short, reordered, spliced, metadata moved): shared/crypto/note-files.test.ts; what
 * the server keeps of them, their hour after a read and the deletions:
 * backend/src/notes/note-files.test.ts. The honest limits are limits, not features: no test can
 * hold them.
 */
const SECURITY_CARDS = [
  { id: 'clientSide', Icon: LockIcon },
  { id: 'zeroKnowledge', Icon: LinkIcon },
  { id: 'transport', Icon: ShieldIcon },
  { id: 'deletion', Icon: TimerOffIcon },
  { id: 'noTracking', Icon: AnonymousIcon },
] as const satisfies readonly { id: string; Icon: ComponentType }[];

/** The security document: the /security page and the home page's dialog show this. */
export function SecurityDocument({ headingLevel }: DocumentProps) {
  const { t } = useTranslation('pages');
  const values = useDocumentValues();
  return (
    <DocumentStack>
      <CardGrid>
        {SECURITY_CARDS.map(({ id, Icon }) => (
          <DocumentCard
            key={id}
            icon={<Icon />}
            title={t(`security.cards.${id}.title`)}
            body={t(`security.cards.${id}.body`, values)}
            headingLevel={headingLevel}
          />
        ))}
      </CardGrid>
      <Columns>
        {/* What is stored: the same lists as the privacy policy's "Notes" and "Requests". */}
        <DocumentSection
          title={t('security.stored.title')}
          body={t('security.stored.body', values)}
          headingLevel={headingLevel}
        />
        <DocumentSection
          title={t('security.neverSees.title')}
          body={t('security.neverSees.body', values)}
          headingLevel={headingLevel}
        />
      </Columns>
      <DocumentSection
        title={t('security.files.title')}
        body={t('security.files.body', values)}
        headingLevel={headingLevel}
      />
      <DocumentSection
        title={t('security.limits.title')}
        body={t('security.limits.body', values)}
        headingLevel={headingLevel}
      />
    </DocumentStack>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
  gap: ${space[10]} ${space[8]};
`;
