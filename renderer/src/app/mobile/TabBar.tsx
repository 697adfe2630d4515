import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { routePaths } from '../paths.ts';
import { LinkIcon, MessageIcon, PenIcon, SettingsIcon } from '../../ui/icons.tsx';
import { fontSize, layer, radius, space } from '../../ui/tokens.ts';

/** The bar's height including the phone's bottom safe area (home indicator). */
export const TAB_BAR_SIZE = 'calc(60px + env(safe-area-inset-bottom))';

type TabPath =
  | typeof routePaths.mobile
  | typeof routePaths.mobileChat
  | typeof routePaths.mobileRequest
  | typeof routePaths.mobileSettings;

/** Which tab a shell path belongs to: a room belongs to Chat. */
function tabOf(pathname: string): TabPath | null {
  if (pathname.startsWith(routePaths.mobileChatRoom(''))) return routePaths.mobileChat;
  for (const path of [
    routePaths.mobile,
    routePaths.mobileChat,
    routePaths.mobileRequest,
    routePaths.mobileSettings,
  ]) {
    if (pathname === path || pathname === `${path}/`) return path;
  }
  return null;
}

/** The shell's bottom navigation: Create, Chat, Request, Settings, the current one marked. */
export function TabBar() {
  const { t } = useTranslation();
  const { t: tPage } = useTranslation('pages');
  const current = tabOf(useLocation().pathname);
  const tabs: { path: TabPath; icon: ReactNode; label: string }[] = [
    { path: routePaths.mobile, icon: <PenIcon />, label: tPage('mobile.tabs.create') },
    { path: routePaths.mobileChat, icon: <MessageIcon />, label: tPage('mobile.tabs.chat') },
    { path: routePaths.mobileRequest, icon: <LinkIcon />, label: t('nav.request') },
    {
      path: routePaths.mobileSettings,
      icon: <SettingsIcon />,
      label: tPage('mobile.tabs.settings'),
    },
  ];

  return (
    <Bar aria-label={tPage('mobile.tabs.label')}>
      {tabs.map((tab) => (
        <Tab key={tab.path} to={tab.path} aria-current={current === tab.path ? 'page' : undefined}>
          {tab.icon}
          <span>{tab.label}</span>
        </Tab>
      ))}
    </Bar>
  );
}

const Bar = styled.nav`
  position: fixed;
  inset-inline: 0;
  inset-block-end: 0;
  z-index: ${layer.bar};
  display: flex;
  block-size: ${TAB_BAR_SIZE};
  padding-block-end: env(safe-area-inset-bottom);
  /* Safe-area insets are physical sides, whatever the reading direction. */
  padding-left: env(safe-area-inset-left);
  padding-right: env(safe-area-inset-right);
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
  background: rgba(11, 13, 18, 0.94);
  backdrop-filter: blur(12px);
`;

const Tab = styled(Link)`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space[0.5]};
  min-inline-size: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.xs};
  font-weight: 600;
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;

  span {
    max-inline-size: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  &:hover {
    color: ${({ theme }) => theme.color.text};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.primary};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -4px;
    border-radius: ${radius.medium};
  }
`;
