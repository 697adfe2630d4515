import { useEffect } from 'react';
import type { AnalyticsEvent } from '../../../shared/api/analytics-tracking.ts';

/**
 * The app's handles on the analytics tracker. The tracker itself loads on first use, after the
 * page has rendered, so it adds nothing to what the home page needs first. Calls keep their
 * order: they all wait on the same module.
 */
const tracker = () => import('./tracker.ts');

/** Counts a use of a feature (allow-listed names only). */
export function trackEvent(name: AnalyticsEvent): void {
  void tracker().then((module) => module.event(name));
}

/** Counts a page view on start and on every route change; used once, by the app shell. */
export function usePageViews(pathname: string): void {
  useEffect(() => {
    void tracker().then((module) => module.pageView(pathname));
  }, [pathname]);
}
