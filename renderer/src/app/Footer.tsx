import { useTranslation } from '../i18n/useTranslation.ts';
import styled from 'styled-components';
import { usePublicConfig } from '../api/config.ts';
import { ExternalLink, isExternalHref } from '../ui/ExternalLink.tsx';
import { ExternalLinkIcon, LogoMark } from '../ui/icons.tsx';

export function Footer() {
  const { t } = useTranslation();
  const socialUrl = usePublicConfig()?.socialUrl;

  return (
    <Bar>
      <Inner>
        <Brand>
          <LogoMark size={22} />
          <span>{t('common.appName')}</span>
        </Brand>
        <Tagline>{t('footer.tagline')}</Tagline>
        {/* The operator's social account, from GET /api/config; hidden when none is configured. */}
        {isExternalHref(socialUrl) ? (
          <Social href={socialUrl}>
            {t('footer.social')}
            <ExternalLinkIcon />
          </Social>
        ) : null}
      </Inner>
    </Bar>
  );
}

const Bar = styled.footer`
  margin-block-start: auto;
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 24px;
  max-inline-size: ${({ theme }) => theme.layout.maxWidth};
  margin-inline: auto;
  padding-block: 28px;
  padding-inline: 20px;
`;

const Brand = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 700;
`;

const Tagline = styled.p`
  flex: 1;
  min-inline-size: 240px;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;

const Social = styled(ExternalLink)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 14px;
  font-weight: 500;
`;
