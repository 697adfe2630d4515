import lighthouse from 'lighthouse';

/**
 * One Lighthouse run on one page, with Lighthouse's defaults: the mobile preset (a Moto G Power
 * on slow 4G, simulated throttling with a 4× CPU slowdown) and a cleared origin before the load,
 * so every run is a first visit. Only the four categories' audits run; the full-page screenshot,
 * which no score uses, is left out.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What one run measured. Times in ms, sizes in bytes on the wire, scores 0–100. */
export interface PageFigures {
  scores: Record<Category, number>;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  transferredBytes: number;
  scriptRequests: number;
  scriptBytes: number;
  /** The accessibility, best-practices and SEO audits that failed: why a score is below 100. */
  failedAudits: string[];
  /** Lighthouse's reading of this machine's CPU speed (its `benchmarkIndex`). */
  benchmarkIndex: number;
}

/** The rows of the network-requests audit, as far as they are read here. */
interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/** Lighthouse asks for another run when a trace comes out broken (NO_NAVSTART, NO_FCP…). */
const ATTEMPTS = 5;

async function lighthouseResult(url: string, chromiumPort: number, visitorAddress: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chromiumPort,
      extraHeaders: { 'X-Forwarded-For': visitorAddress },
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableFullPageScreenshot: true,
    });
    if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (error === undefined) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error.message}`);
    process.stderr.write(`Lighthouse on ${url}: ${error.code}, run again\n`);
  }
}

/**
 * `visitorAddress` is sent as X-Forwarded-For on every request, for a server that trusts it
 * (TRUST_PROXY): each run is then a visitor of its own to the rate limits, as a first visit is.
 */
export async function auditPage(
  url: string,
  chromiumPort: number,
  visitorAddress: string,
): Promise<PageFigures> {
  const lhr = await lighthouseResult(url, chromiumPort, visitorAddress);
  const metric = (audit: string) => {
    const value = lhr.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${audit}`);
    return value;
  };
  const failedAudits = CATEGORIES.filter((category) => category !== 'performance').flatMap(
    (category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter(({ id, weight }) => weight > 0 && (lhr.audits[id]?.score ?? 1) < 1)
        .map(({ id }) => id),
  );
  const details = lhr.audits['network-requests']?.details;
  const requests = (details?.type === 'table' ? details.items : []) as NetworkRequest[];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, (lhr.categories[category]?.score ?? 0) * 100]),
    ) as Record<Category, number>,
    firstContentfulPaintMs: metric('first-contentful-paint'),
    largestContentfulPaintMs: metric('largest-contentful-paint'),
    totalBlockingTimeMs: metric('total-blocking-time'),
    transferredBytes: metric('total-byte-weight'),
    scriptRequests: scripts.length,
    scriptBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    failedAudits,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}
