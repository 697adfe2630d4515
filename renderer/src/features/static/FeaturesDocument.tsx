import type { ComponentType } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import {
  CheckIcon,
  ClockIcon,
  EyeIcon,
  FileIcon,
  FlameIcon,
  KeyIcon,
  LinkIcon,
  LockIcon,
  MessageIcon,
  ShieldIcon,
} from '../../ui/icons.tsx';
import { CardGrid, DocumentCard } from './DocumentCards.tsx';
import type { DocumentProps } from './DocumentCards.tsx';
import { useDocumentValues } from '../../i18n/documentValues.ts';

/**
 * The six features of the spec (§2, /features) and issue 33's four (files, requests, the status
 * link, the generator), in display order.
 */
const FEATURE_CARDS = [
  { id: 'encryption', Icon: LockIcon },
  { id: 'selfDestruct', Icon: FlameIcon },
  { id: 'files', Icon: FileIcon },
  { id: 'requestSecret', Icon: MessageIcon },
  { id: 'password', Icon: ShieldIcon },
  { id: 'generator', Icon: KeyIcon },
  { id: 'expiration', Icon: ClockIcon },
  { id: 'readReceipt', Icon: CheckIcon },
  { id: 'statusLink', Icon: EyeIcon },
  { id: 'simple', Icon: LinkIcon },
] as const satisfies readonly { id: string; Icon: ComponentType }[];

/** The features document: the /features page and the home page's dialog show this. */
export function FeaturesDocument({ headingLevel }: DocumentProps) {
  const { t } = useTranslation('pages');
  const values = useDocumentValues();
  return (
    <CardGrid>
      {FEATURE_CARDS.map(({ id, Icon }) => (
        <DocumentCard
          key={id}
          icon={<Icon />}
          title={t(`features.cards.${id}.title`)}
          body={t(`features.cards.${id}.body`, values)}
          headingLevel={headingLevel}
        />
      ))}
    </CardGrid>
  );
}
