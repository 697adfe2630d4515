import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { LanguageSwitcherDropdown } from '../i18n/LanguageSwitcher.tsx';
import { IconButton } from '../ui/Button.tsx';
import { ControlsOnceStarted } from '../ui/ControlsOnceStarted.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { LogoMark, MenuIcon } from '../ui/icons.tsx';
import { NAV_ITEMS } from './navItems.ts';
import { routePaths } from './paths.ts';
import { fontSize, layer, radius, space } from '../ui/tokens.ts';
import { useId } from '../ui/ids.tsx';

/**
 * Collapses the desktop menu into the drawer whenever its links do not fit on one line. Measured
 * rather than a fixed breakpoint: the same menu is twice as wide in Russian as in English.
 * Unknown (null) until measured, which a pre-rendered page is as it comes: CSS then decides by
 * MENU_NEVER_FITS_BELOW_PX, so a phone shows the menu button, not a clipped row of links.
 */
function useMenuFits() {
  const slotRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [fits, setFits] = useState<boolean | null>(null);

  useLayoutEffect(() => {
    const slot = slotRef.current;
    const list = listRef.current;
    if (!slot || !list) return;
    const measure = () => {
      // The room the menu would have without the menu button, so the answer does not depend on
      // whether the button is currently shown (no flip-flopping).
      const button = menuButtonRef.current;
      const buttonRoom = button && button.offsetWidth > 0 ? button.offsetWidth + MENU_GAP_PX : 0;
      setFits(list.scrollWidth <= slot.clientWidth + buttonRoom);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(slot);
    observer.observe(list);
    measure();
    return () => observer.disconnect();
  }, []);

  return { fits, slotRef, listRef, menuButtonRef };
}

const MENU_GAP_PX = 4;
/**
 * Below this window width the menu fits in no language (the narrowest, Chinese, needs about
 * 700 px; English 1,010, Russian more than the bar's 1,200), measured on 2026-12-05.
 */
const MENU_NEVER_FITS_BELOW_PX = 640;

/** Sticky site bar: brand (home), the menu (or the drawer when it does not fit), languages. */
export function NavBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { fits, slotRef, listRef, menuButtonRef } = useMenuFits();
  // The drawer belongs to the page it was opened on: any navigation (a link in it, Back) closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenedOn === pathname;
  const drawerId = useId();

  return (
    <Bar>
      <Inner>
        <Brand to={routePaths.home} aria-label={t('nav.brandHome')}>
          <LogoMark size={30} />
          <BrandName>{t('common.appName')}</BrandName>
        </Brand>

        <DesktopNav ref={slotRef} aria-label={t('nav.label')} data-fits={fits ?? 'unknown'}>
          <DesktopList ref={listRef}>
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <DesktopLink to={item.to} end={item.end}>
                  {t(`nav.${item.key}`)}
                </DesktopLink>
              </li>
            ))}
          </DesktopList>
        </DesktopNav>

        <End>
          <ControlsOnceStarted>
            <LanguageSwitcherDropdown />
            <MenuButton
              ref={menuButtonRef}
              data-visible={fits === null ? 'unknown' : !fits}
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              aria-controls={drawerId}
              onClick={() => setDrawerOpenedOn(pathname)}
            >
              <MenuIcon />
            </MenuButton>
          </ControlsOnceStarted>
        </End>
      </Inner>

      <Dialog
        id={drawerId}
        open={drawerOpen}
        onOpenChange={(open) => setDrawerOpenedOn(open ? pathname : null)}
        title={t('nav.menuTitle')}
        placement="inline-end"
      >
        <nav aria-label={t('nav.label')}>
          <DrawerList>
            {NAV_ITEMS.map((item) => (
              <li key={item.key}>
                <DrawerLink to={item.to} end={item.end} onClick={() => setDrawerOpenedOn(null)}>
                  {t(`nav.${item.key}`)}
                </DrawerLink>
              </li>
            ))}
          </DrawerList>
        </nav>
      </Dialog>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  inset-block-start: 0;
  z-index: ${layer.bar};
  background: rgba(11, 13, 18, 0.82);
  backdrop-filter: saturate(140%) blur(12px);
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[4]};
  max-inline-size: ${({ theme }) => theme.layout.maxWidth};
  min-block-size: ${({ theme }) => theme.layout.navHeight};
  margin-inline: auto;
  padding-inline: ${space[5]};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${space[2.5]};
  flex: none;
  border-radius: ${radius.small};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
`;

const BrandName = styled.span`
  font-size: ${fontSize.lg};
  font-weight: 750;
  letter-spacing: -0.01em;
`;

const DesktopNav = styled.nav`
  display: flex;
  justify-content: center;
  flex: 1;
  min-inline-size: 0;
  overflow: hidden;

  /* Still laid out (so it can be measured), but invisible and out of the accessibility tree. */
  &[data-fits='false'] {
    visibility: hidden;
  }

  @media (max-width: ${MENU_NEVER_FITS_BELOW_PX - 1}px) {
    &[data-fits='unknown'] {
      visibility: hidden;
    }
  }
`;

const DesktopList = styled.ul`
  display: flex;
  align-items: center;
  flex: none;
  gap: ${space[0.5]};
  inline-size: max-content;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Hover and current-page looks shared by the bar's links and the drawer's. */
const navLinkStates = css`
  &:hover {
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
  }
`;

const DesktopLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-block-size: 36px;
  padding-inline: ${space[2.5]};
  border-radius: ${radius.small};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${fontSize.md};
  font-weight: 500;
  text-decoration: none;
  white-space: nowrap;
  transition:
    color ${({ theme }) => theme.motion.fast} ease,
    background-color ${({ theme }) => theme.motion.fast} ease;

  ${navLinkStates}
`;

const End = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[1]};
  margin-inline-start: auto;
`;

const MenuButton = styled(IconButton)`
  color: ${({ theme }) => theme.color.text};

  &[data-visible='false'] {
    display: none;
  }

  @media (min-width: ${MENU_NEVER_FITS_BELOW_PX}px) {
    &[data-visible='unknown'] {
      display: none;
    }
  }
`;

const DrawerList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space[0.5]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const DrawerLink = styled(NavLink)`
  display: flex;
  align-items: center;
  min-block-size: 46px;
  padding-inline: ${space[3.5]};
  border-radius: ${radius.small};
  color: ${({ theme }) => theme.color.text};
  font-size: ${fontSize.base};
  font-weight: 500;
  text-decoration: none;

  ${navLinkStates}
`;
