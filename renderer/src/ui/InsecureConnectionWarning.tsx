import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { AlertIcon } from './icons.tsx';
import { useBrowserFact } from './hydration.ts';

/**
 * Shown, and never dismissible, wherever a secret is typed or read when the page did not come
 * over a secure connection (plain http on a LAN). The encryption itself still runs (with the
 * fallback engine), but whoever sits on the network could have altered the page that runs it,
 * so the promise of end-to-end encryption does not hold; people must know before they trust it.
 */
export function InsecureConnectionWarning() {
  const { t } = useTranslation();
  const secure = useBrowserFact(() => window.isSecureContext, true);
  if (secure) return null;
  return (
    <Warning role="alert" data-testid="insecure-connection">
      <AlertIcon width={22} height={22} />
      <div>
        <Title>{t('common.insecureConnection.title')}</Title>
        <p>{t('common.insecureConnection.body')}</p>
      </div>
    </Warning>
  );
}

const Warning = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding-block: 14px;
  padding-inline: 16px;
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.warningSoft};
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;
  text-align: start;

  > svg {
    flex: none;
    color: ${({ theme }) => theme.color.warning};
  }
`;

const Title = styled.p`
  margin-block-end: 4px;
  font-weight: 700;
`;
