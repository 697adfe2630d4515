import { useCallback, useEffect, useState } from 'react';
import {
  analyticsSummarySchema,
  type AnalyticsSummary,
  type AnalyticsTimeframe,
} from '../../../../shared/api/analytics.ts';
import { apiPaths } from '../../../../shared/api/paths.ts';
import { ApiError, apiGet } from '../../api/client.ts';

interface Answer {
  /** Which request it answers: the timeframe and the reload count. */
  request: string;
  summary: AnalyticsSummary | null;
}

/**
 * The dashboard's numbers for a timeframe, fetched again when it changes or on `reload`. While
 * a request runs, the last numbers stay up (marked loading). A 401 means the session ended
 * meanwhile: `onSignedOut` lets the page ask for the password again.
 */
export function useAnalyticsSummary(timeframe: AnalyticsTimeframe, onSignedOut: () => void) {
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const request = `${timeframe}#${reloads}`;

  useEffect(() => {
    const controller = new AbortController();
    apiGet(apiPaths.analyticsSummary(timeframe), analyticsSummarySchema, {
      signal: controller.signal,
    }).then(
      (summary) => setAnswer({ request, summary }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) onSignedOut();
        setAnswer({ request, summary: null });
      },
    );
    return () => controller.abort();
  }, [request, timeframe, onSignedOut]);

  const loading = answer?.request !== request;
  return {
    summary: answer?.summary ?? null,
    loading,
    failed: !loading && answer.summary === null,
    reload: useCallback(() => setReloads((count) => count + 1), []),
  };
}
