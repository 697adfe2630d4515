import { useTranslation } from '../i18n/useTranslation.ts';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import styled from 'styled-components';
import { usePageViews } from '../api/track.ts';
import { LanguageSwitcherCompact } from '../i18n/LanguageSwitcher.tsx';
import { ControlsOnceStarted } from '../ui/ControlsOnceStarted.tsx';
import { LogoMark } from '../ui/icons.tsx';
import { Footer } from './Footer.tsx';
import { NavBar } from './NavBar.tsx';
import { isMobileShellPath, routePaths } from './paths.ts';
import { RouteErrorBoundary, RouteLoading } from './RouteStates.tsx';
import { layer, radius, space } from '../ui/tokens.ts';

/** The frame around every route: the site chrome, or the full-screen mobile shell. */
export function AppLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigation(pathname);
  usePageViews(pathname);
  const page = (
    <Main id="main" tabIndex={-1}>
      {/* Keyed by path: an error on one page does not stay when the visitor goes elsewhere. The
          mobile shell is one page with tabs: switching tabs must keep its state. */}
      <RouteErrorBoundary key={isMobileShellPath(pathname) ? routePaths.mobile : pathname}>
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </Main>
  );

  return (
    <>
      <SkipLink />
      {isMobileShellPath(pathname) ? (
        <MobileFrame>
          <MobileBar />
          {page}
        </MobileFrame>
      ) : (
        <>
          <NavBar />
          {page}
          <Footer />
        </>
      )}
    </>
  );
}

/**
 * A new page starts at the top; Back and Forward (POP) leave the position to the browser, which
 * restores it.
 */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * Jumps keyboard users past the menu. It must not change the URL: on /note/:id the fragment is
 * the note's key, and `href="#main"` would overwrite it.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <SkipAnchor
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      {t('nav.skipToContent')}
    </SkipAnchor>
  );
}

/** The mobile shell's slim bar: a way home and the compact language switcher. */
function MobileBar() {
  const { t } = useTranslation();
  return (
    <MobileHeader>
      <MobileBrand to={routePaths.home} aria-label={t('nav.brandHome')}>
        <LogoMark size={26} />
        <span>{t('common.appName')}</span>
      </MobileBrand>
      <ControlsOnceStarted>
        <LanguageSwitcherCompact />
      </ControlsOnceStarted>
    </MobileHeader>
  );
}

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  outline: none;
`;

const SkipAnchor = styled.a`
  position: fixed;
  inset-block-start: ${space[2]};
  inset-inline-start: ${space[2]};
  z-index: ${layer.skipLink};
  padding-block: ${space[2.5]};
  padding-inline: ${space[4]};
  border-radius: ${radius.small};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 600;
  text-decoration: none;
  transform: translateY(-200%);

  &:focus {
    transform: none;
    color: ${({ theme }) => theme.color.primaryText};
  }
`;

const MobileFrame = styled.div`
  display: flex;
  flex-direction: column;
  min-block-size: 100dvh;
`;

const MobileHeader = styled.header`
  position: sticky;
  inset-block-start: 0;
  z-index: ${layer.bar};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  min-block-size: 56px;
  padding-inline: ${space[4]};
  padding-block-start: env(safe-area-inset-top);
  background: rgba(11, 13, 18, 0.9);
  backdrop-filter: blur(12px);
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const MobileBrand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${space[2]};
  /* A comfortable touch target (44 px) like every control of the shell. */
  min-block-size: 44px;
  color: ${({ theme }) => theme.color.text};
  font-weight: 700;
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
`;
