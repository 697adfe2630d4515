import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AnonymousIcon, LinkIcon, LockIcon, ShieldIcon, TimerOffIcon } from '../../ui/icons.tsx';
import { CardGrid, DocumentCard, DocumentSection, DocumentStack } from './DocumentCards.tsx';
import type { DocumentProps } from './DocumentCards.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';
import { space } from '../../ui/tokens.ts';

/**
 * The five claims of the spec (§2, /security). Each must stay true of the code (DESIGN §5):
 * - clientSide, zeroKnowledge: shared/crypto (note.test.ts, chat.test.ts) and
 *   backend/src/notes/zero-knowledge.test.ts (no key, password, proof or plaintext server-side).
 * - transport: backend/src/app.test.ts (CSP, HSTS behind TLS, no-referrer).
 * - deletion: backend/src/notes/notes.test.ts (read once among concurrent readers, sweeper);
 *   backend/src/chat/chat.test.ts (no column that could hold a message).
 * - noTracking: renderer/e2e/site.e2e.test.ts (no request leaves for another origin).
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
        {/* What is stored: the same list as the privacy policy's "Notes" section. */}
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
