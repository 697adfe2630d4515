import { CATEGORIES, type Category, type PageFigures } from './lighthouse-audit.ts';
import { formatSpread, spread } from './rounds.ts';

/**
 * The Lighthouse bench's table (Markdown, for docs/benchmarks.md as printed): a row per page and
 * language, each figure the median [min–max] over the runs, ✗ where one of our pages misses the
 * issue's target; then how many rows meet each target and why a non-performance score is below
 * 100.
 */

export interface ReportRow {
  /** How the table names the page. */
  label: string;
  language: string;
  /** Measured against the issue's targets (PrivateBin's page is a reference, not ours). */
  ours: boolean;
  /** The home page, whose JavaScript has targets of its own. */
  home: boolean;
  runs: PageFigures[];
}

interface Column {
  header: string;
  figure: (run: PageFigures) => number;
  decimals: number;
  unit: string;
  /** The issue's target for our pages (only the home page's, with `homeOnly`). */
  target?: { text: string; met: (median: number) => boolean; homeOnly?: boolean };
}

/** The issue's targets: every page in every language, and the home page's JavaScript once idle. */
const MIN_SCORES: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const MAX_FIRST_CONTENTFUL_PAINT_S = 1.5;
const MAX_LARGEST_CONTENTFUL_PAINT_S = 2.0;
const HOME_MAX_SCRIPT_REQUESTS = 15;
const HOME_MAX_SCRIPT_KB = 100;

const CATEGORY_HEADERS: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

/** A paint metric, in seconds, against its target. */
function paintColumn(header: string, ms: Column['figure'], maxSeconds: number): Column {
  return {
    header,
    figure: (run) => ms(run) / 1000,
    decimals: 2,
    unit: ' s',
    target: { text: `≤ ${maxSeconds.toFixed(1)} s`, met: (s) => s <= maxSeconds },
  };
}

const COLUMNS: Column[] = [
  ...CATEGORIES.map((category): Column => ({
    header: CATEGORY_HEADERS[category],
    figure: (run) => run.scores[category],
    decimals: 0,
    unit: '',
    target: {
      text: `${MIN_SCORES[category] === 100 ? '' : '≥ '}${MIN_SCORES[category]}`,
      met: (score) => score >= MIN_SCORES[category],
    },
  })),
  paintColumn(
    'first contentful paint',
    (run) => run.firstContentfulPaintMs,
    MAX_FIRST_CONTENTFUL_PAINT_S,
  ),
  paintColumn(
    'largest contentful paint',
    (run) => run.largestContentfulPaintMs,
    MAX_LARGEST_CONTENTFUL_PAINT_S,
  ),
  {
    header: 'total blocking time',
    figure: (run) => run.totalBlockingTimeMs,
    decimals: 0,
    unit: ' ms',
  },
  {
    header: 'transferred',
    figure: (run) => run.transferredBytes / 1000,
    decimals: 0,
    unit: ' KB',
  },
  {
    header: 'JS requests',
    figure: (run) => run.scriptRequests,
    decimals: 0,
    unit: '',
    target: {
      text: `home ≤ ${HOME_MAX_SCRIPT_REQUESTS}`,
      met: (requests) => requests <= HOME_MAX_SCRIPT_REQUESTS,
      homeOnly: true,
    },
  },
  {
    header: 'JS transferred',
    figure: (run) => run.scriptBytes / 1000,
    decimals: 0,
    unit: ' KB',
    target: {
      text: `home ≤ ${HOME_MAX_SCRIPT_KB} KB`,
      met: (kb) => kb <= HOME_MAX_SCRIPT_KB,
      homeOnly: true,
    },
  },
];

const tableLine = (cells: string[]) => `| ${cells.join(' | ')} |`;

const targetOf = (column: Column, row: ReportRow) =>
  row.ours && (row.home || column.target?.homeOnly !== true) ? column.target : undefined;

const median = (column: Column, row: ReportRow) => spread(row.runs.map(column.figure)).median;

function cell(column: Column, row: ReportRow): string {
  const target = targetOf(column, row);
  const missed = target !== undefined && !target.met(median(column, row));
  return `${formatSpread(row.runs.map(column.figure), column.decimals, column.unit)}${missed ? ' ✗' : ''}`;
}

/** "first contentful paint ≤ 1.5 s: 3 of 22", over the rows the target applies to. */
function tally(column: Column, rows: ReportRow[]): string {
  const applies = rows.filter((row) => targetOf(column, row) !== undefined);
  const met = applies.filter((row) => column.target!.met(median(column, row)));
  return `${column.header} ${column.target!.text}: ${met.length} of ${applies.length}`;
}

/** The failed audits of a row, each with the number of runs it failed in. */
function failedAudits(row: ReportRow): string[] {
  const counts = new Map<string, number>();
  for (const id of row.runs.flatMap((run) => run.failedAudits)) {
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].map(([id, count]) => `${id} (${count} of ${row.runs.length} runs)`);
}

export function printReport(rows: ReportRow[]): void {
  console.log(tableLine(['page', 'language', ...COLUMNS.map((column) => column.header)]));
  console.log(tableLine(['---', '---', ...COLUMNS.map(() => '---')]));
  console.log(tableLine(['target', '', ...COLUMNS.map((column) => column.target?.text ?? '')]));
  for (const row of rows) {
    console.log(
      tableLine([row.label, row.language, ...COLUMNS.map((column) => cell(column, row))]),
    );
  }

  const targeted = COLUMNS.filter((column) => column.target !== undefined);
  console.log(
    `\nTargets met by the medians: ${targeted.map((column) => tally(column, rows)).join('; ')}`,
  );
  const failures = rows.flatMap((row) => {
    const audits = failedAudits(row);
    return audits.length === 0 ? [] : [`${row.label} ${row.language}: ${audits.join(', ')}`];
  });
  console.log(
    `Failed accessibility, best-practices and SEO audits: ${failures.length === 0 ? 'none' : `\n  ${failures.join('\n  ')}`}`,
  );
  const benchmarkIndex = rows.flatMap((row) => row.runs.map((run) => run.benchmarkIndex));
  console.log(
    `Lighthouse's CPU benchmark index of this machine over the runs: ${formatSpread(benchmarkIndex, 0)} ` +
      '(the simulated phone is the same whatever the index, but it scales the main-thread work measured here, which a busy machine stretches)',
  );
}
