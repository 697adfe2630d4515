import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { blogPostListSchema } from '../shared/api/blog.ts';
import { apiPaths, fillRoute } from '../shared/api/paths.ts';
import type { LanguageCode } from '../shared/languages.ts';
import type { WEB_APP_ROUTES } from '../shared/web-app-routes.ts';
import { sendNote } from '../cli/send.ts';
import { ensureBuilt } from '../scripts/build-targets.ts';
import { startBundledServer } from './bundled-server.ts';
import { CHROME_PATH, launchChromium, type Chromium } from './chromium.ts';
import { auditPage } from './lighthouse-audit.ts';
import { printReport } from './lighthouse-report.ts';
import { PRIVATEBIN_FRONT_PAGE, privateBinRunning } from './privatebin.ts';
import { alternatingRounds } from './rounds.ts';

/**
 * `npm run bench -- lighthouse` (issue 36, "How it is checked"): Lighthouse's mobile audit of
 * every public page of the built server (on the embedded database) in English and Arabic,
 * BENCH_LIGHTHOUSE_RUNS (default 3) runs of each in alternating order, every figure the median
 * with its [min–max]; with PEER_DIR, PrivateBin's front page from the peer kit in the same
 * rounds, as the reference. Some 5-10 s a run: run by name only. One Lighthouse run is
 * lighthouse-audit.ts, the browsers chromium.ts, the table lighthouse-report.ts.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** BENCH_LIGHTHOUSE_PAGES: only the pages of these labels (comma-separated, e.g. `/blog,/`). */
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim());
const LANGUAGES: LanguageCode[] = ['en', 'ar'];

type Route = (typeof WEB_APP_ROUTES)[number];
const SITE_PAGES: Route[] = ['/', '/features', '/security', '/privacy', '/terms', '/faq', '/blog'];

interface BenchPage {
  /** How the table names it: the route, a link's form for the article and the note. */
  label: string;
  /** Path, query and fragment, after the server's origin. */
  path: string;
  /** Measured against the targets (PrivateBin's page is a reference, not ours). */
  ours: boolean;
}

/** The newest article, as the blog's list shows it. */
async function newestArticlePath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}${apiPaths.blogPosts}`);
  const { posts } = blogPostListSchema.parse(await response.json());
  if (posts[0] === undefined) throw new Error('the blog has no article');
  return fillRoute('/blog/:id' satisfies Route, { id: posts[0].id });
}

/** A real note's link with its key, encrypted and sent as `ashnote send` does. */
async function noteLinkPath(baseUrl: string): Promise<string> {
  const { link } = await sendNote(
    { server: { base: baseUrl }, notice: () => {} },
    'A note for Lighthouse: its link opens on the warning screen, never read.',
    { expiration: '1d', password: null, notify: null, status: false, attachments: [] },
  );
  const { pathname, hash } = new URL(link);
  return `${pathname}${hash}`;
}

async function ourPages(baseUrl: string): Promise<BenchPage[]> {
  const page = (label: string, pagePath = label): BenchPage => ({
    label,
    path: pagePath,
    ours: true,
  });
  const pages = [
    ...SITE_PAGES.map((route) => page(route)),
    page('/blog/:id', await newestArticlePath(baseUrl)),
    page('/chat' satisfies Route),
    page('/note/:id#key', await noteLinkPath(baseUrl)),
    page('/mobile' satisfies Route),
  ];
  return ONLY_PAGES === undefined ? pages : pages.filter(({ label }) => ONLY_PAGES.includes(label));
}

/** The n-th address of 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). */
const benchmarkingAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

const PRIVATEBIN_PAGE: BenchPage = {
  label: 'PrivateBin / (nginx uncompressed)',
  path: '',
  ours: false,
};

export async function runLighthouseBench(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  console.log(
    `\nLighthouse: mobile preset (an emulated Moto G Power on slow 4G, simulated throttling), ${CHROME_PATH} headless; ` +
      `${RUNS} runs per page and language in alternating order; figures are medians [min–max], KB = 1000 bytes on the wire, ✗ = the median misses its target\n`,
  );
  console.log(
    'Language: each language has its own Chromium started with --lang and --accept-lang, so navigator.languages is that language alone: ' +
      'the app reads it when local storage has no choice (spec §2: stored choice, browser languages, <html lang>).',
  );
  console.log(
    'First visit: Lighthouse clears the origin (storage, caches, service worker) before every run, so nothing is remembered, ' +
      'and each run comes from an address of its own (X-Forwarded-For, to the server started behind a proxy: TRUST_PROXY). ' +
      'Its phone is Android, and the age gate is shown only on iOS phones and in the desktop app (spec §2): an Android first visit sees the page itself, as measured here; an iPhone’s first visit would see the gate first.',
  );
  await ensureBuilt(['web', 'server']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-bench-'));
  // Behind a proxy, as a public server is, so that each run can come from an address of its
  // own: from one address, the runs' analytics calls would pass its limit (120 in 10 minutes)
  // and fill the console with 429s that no real first visit meets.
  const server = await startBundledServer(dataDir, { env: { TRUST_PROXY: 'true' } });
  const browsers = new Map<string, Chromium>();
  try {
    for (const language of LANGUAGES) browsers.set(language, await launchChromium(language));
    const pages = await ourPages(server.url);
    console.log(
      `Article: ${await newestArticlePath(server.url)} (the newest). ` +
        'Note link: a real note, encrypted as `ashnote send` does, its key in the fragment; measured is its warning screen, before anything is read.',
    );
    const peerMissing = await privateBinRunning();
    console.log(
      peerMissing === null
        ? `PrivateBin reference: its front page from the peer kit at ${PRIVATEBIN_FRONT_PAGE}, served by the kit's nginx without compression (gzip off), in the same rounds.\n`
        : `PrivateBin reference: skipped (${peerMissing}).\n`,
    );

    const targets = [
      ...pages.map((page) => ({ page, origin: server.url })),
      ...(peerMissing === null ? [{ page: PRIVATEBIN_PAGE, origin: PRIVATEBIN_FRONT_PAGE }] : []),
    ].flatMap(({ page, origin }) => LANGUAGES.map((language) => ({ page, origin, language })));
    const total = targets.length * RUNS;
    let done = 0;
    const results = await alternatingRounds(
      Object.fromEntries(
        targets.map(({ page, origin, language }) => [
          `${page.label} ${language}`,
          async () => {
            const started = performance.now();
            const figures = await auditPage(
              `${origin}${page.path}`,
              browsers.get(language)!.port,
              benchmarkingAddress(done),
            );
            process.stderr.write(
              `[${++done}/${total}] ${page.label} ${language}: performance ${figures.scores.performance.toFixed(0)}, ` +
                `FCP ${(figures.firstContentfulPaintMs / 1000).toFixed(2)} s, LCP ${(figures.largestContentfulPaintMs / 1000).toFixed(2)} s ` +
                `(${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
            );
            return figures;
          },
        ]),
      ),
      RUNS,
    );
    printReport(
      targets.map(({ page, language }) => ({
        label: page.label,
        language,
        ours: page.ours,
        home: page.ours && page.path === ('/' satisfies Route),
        runs: results[`${page.label} ${language}`]!,
      })),
    );
  } finally {
    for (const browser of browsers.values()) await browser.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `(machine load average over the last minute: ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after)`,
  );
}
