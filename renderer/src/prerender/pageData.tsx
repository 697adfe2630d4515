import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/page-data.ts';

/**
 * What the server rendered the page from (shared/page-data.ts), so the app's first
 * render is the page on screen, without asking again: read from the page in the browser, given
 * by the renderer on the server. Nothing where the page has none (the desktop app, pages
 * rendered by the build or by the app alone).
 */
function dataInThePage(): PageData | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}

const PageDataContext = createContext<PageData | null>(dataInThePage());

/** The renderer's: the data it renders the page from. */
export const RenderedFrom = PageDataContext.Provider;

/**
 * The page's data while the app shows the page it came with; none from the first move to
 * another page on, even back to it, whose data may have changed since (an article deleted).
 */
export function PageDataScope({ children }: { children: ReactNode }) {
  const offered = useContext(PageDataContext);
  const { pathname } = useLocation();
  const [movedOn, setMovedOn] = useState(false);
  if (!movedOn && offered !== null && offered.path !== pathname) setMovedOn(true);
  const data = movedOn || offered?.path !== pathname ? null : offered;
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

/** The data of the page being shown, if it came with some. */
export function usePageData(): Omit<PageData, 'path'> | null {
  return useContext(PageDataContext);
}
