/**
 * Repeated rounds, so that one benchmark figure is trustworthy on a shared 2-core machine: every
 * contender runs once per round, the order reversing from round to round (drift such as a
 * growing table or a checkpoint falls on all alike), and each figure is the median over the
 * rounds, printed with its spread.
 */

export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

/** Runs each contender once per round, alternating the order; results by contender. */
export async function alternatingRounds<Name extends string, Result>(
  contenders: Record<Name, () => Promise<Result>>,
  rounds = ROUNDS,
): Promise<Record<Name, Result[]>> {
  const names = Object.keys(contenders) as Name[];
  const results = Object.fromEntries(names.map((name) => [name, []])) as unknown as Record<
    Name,
    Result[]
  >;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) results[name].push(await contenders[name]());
  }
  return results;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** "57.5 [52.1–61.0]": median and range, in the given number of decimals. */
export function formatSpread(values: readonly number[], decimals = 1, unit = ''): string {
  const { median, min, max } = spread(values);
  return `${median.toFixed(decimals)}${unit} [${min.toFixed(decimals)}–${max.toFixed(decimals)}]`;
}
