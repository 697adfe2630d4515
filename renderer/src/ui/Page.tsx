import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import styled from 'styled-components';

/** False until the first page has mounted: the landing page keeps the browser's own focus. */
let hasShownAPage = false;

interface PageProps {
  /** Already translated; the page's one <h1>. */
  title: ReactNode;
  intro?: ReactNode;
  /** A short line above the heading. */
  eyebrow?: ReactNode;
  /** The larger, centred treatment of a landing page. */
  hero?: boolean;
  children?: ReactNode;
}

/**
 * Moves focus to a page's heading (give it `tabIndex={-1}`) when the page was reached by a
 * client-side navigation, so screen-reader and keyboard users learn the page changed. The first
 * page of a visit keeps the browser's own focus.
 */
export function useFocusOnArrival(headingRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!hasShownAPage) {
      hasShownAPage = true;
      return;
    }
    // After the frame, so a closing drawer's focus restore cannot take it back.
    const frame = requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [headingRef]);
}

/**
 * The frame of every routed page: its heading and intro, focused on arrival.
 */
export function Page({ title, intro, eyebrow, hero = false, children }: PageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(headingRef);

  return (
    <Container $hero={hero} data-hero={hero}>
      <Header $hero={hero}>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <Heading ref={headingRef} tabIndex={-1} $hero={hero}>
          {title}
        </Heading>
        {intro ? <Intro $hero={hero}>{intro}</Intro> : null}
      </Header>
      {children}
    </Container>
  );
}

interface HeroProps {
  $hero?: boolean;
}

export const Container = styled.div<HeroProps>`
  inline-size: 100%;
  max-inline-size: ${({ theme }) => theme.layout.contentWidth};
  margin-inline: auto;
  padding-block: ${({ $hero }) => ($hero ? '96px 96px' : '56px 72px')};
  padding-inline: 20px;
  text-align: ${({ $hero }) => ($hero ? 'center' : 'start')};

  @media (max-width: ${({ theme }) => theme.breakpoint.narrow}) {
    padding-block: ${({ $hero }) => ($hero ? '56px 64px' : '32px 48px')};
  }
`;

const Header = styled.header<HeroProps>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $hero }) => ($hero ? 'center' : 'stretch')};
  gap: ${({ $hero }) => ($hero ? '20px' : '12px')};
  margin-block-end: 32px;
`;

const Eyebrow = styled.p`
  display: inline-flex;
  align-items: center;
  align-self: center;
  padding-block: 6px;
  padding-inline: 14px;
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
  font-weight: 500;
`;

const Heading = styled.h1<HeroProps>`
  font-size: ${({ $hero }) => ($hero ? 'clamp(36px, 7vw, 64px)' : 'clamp(30px, 5vw, 44px)')};
  font-weight: 750;
  letter-spacing: -0.025em;
  text-wrap: balance;
`;

const Intro = styled.p<HeroProps>`
  max-inline-size: ${({ $hero }) => ($hero ? '620px' : '640px')};
  font-size: ${({ $hero }) => ($hero ? '20px' : '18px')};
  color: ${({ theme }) => theme.color.textMuted};
  text-wrap: pretty;
`;

/** A row of calls to action under a page's intro. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;

  ${Container}[data-hero='true'] & {
    justify-content: center;
  }
`;
