import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { platform } from '../platform/index.ts';
import { fontSize, radius, space } from './tokens.ts';

/**
 * Said before a link is copied when the desktop app's built-in server made it: such a link
 * opens only on this computer (or its local network), never for a recipient elsewhere.
 */
export function LinkReachNotice() {
  const { t } = useTranslation();
  const { linkReach } = platform.server;
  if (linkReach === 'anyone') return null;
  return (
    <Notice role="note" data-testid="link-reach-notice">
      {linkReach === 'this-computer'
        ? t('desktop.linkReach.thisComputer')
        : t('desktop.linkReach.localNetwork')}
    </Notice>
  );
}

const Notice = styled.p`
  margin-block-end: ${space[3.5]};
  padding: ${space[3]} ${space[3.5]};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${radius.medium};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
  font-size: ${fontSize.md};
`;
