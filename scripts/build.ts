import { TARGETS, buildTarget, ensureBuilt, type Target } from './build-targets.ts';

/**
 * `node scripts/build.ts [--if-changed] web server`: builds the web bundle and/or the server
 * (`npm run build`, `build:web`, `build:server`). With `--if-changed`, only those whose sources
 * changed since their last build (what `npm start` and `npm test` do).
 */
const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const targets = args.filter((arg) => arg !== '--if-changed');
const unknown = targets.filter((target) => !(target in TARGETS));
if (targets.length === 0 || unknown.length > 0) {
  process.stderr.write(
    `Usage: node scripts/build.ts [--if-changed] ${Object.keys(TARGETS).join('|')}...\n`,
  );
  process.exit(2);
}
if (ifChanged) await ensureBuilt(targets as Target[]);
else for (const target of targets as Target[]) await buildTarget(target);
