import { useTranslation } from '../../i18n/useTranslation.ts';
import styled from 'styled-components';
import { missingCase } from '../../../../shared/errors.ts';
import { platform } from '../../platform/index.ts';
import { radius, space } from '../../ui/tokens.ts';

/** Which server the app uses now, and who can open the links it makes. */
export function CurrentServer() {
  const { t } = useTranslation();
  const { linkReach, publicOrigin } = platform.server;
  let text: string;
  switch (linkReach) {
    case 'anyone':
      text = t('desktop.settings.current.hosted', { origin: publicOrigin });
      break;
    case 'this-computer':
      text = t('desktop.settings.current.thisComputer');
      break;
    case 'local-network':
      text = t('desktop.settings.current.localNetwork', { origin: publicOrigin });
      break;
    default:
      missingCase(linkReach);
  }
  return <Current data-testid="current-server">{text}</Current>;
}

const Current = styled.p`
  padding: ${space[3.5]} ${space[4]};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.primarySoft};
  overflow-wrap: anywhere;
`;
