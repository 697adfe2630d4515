// `npm run scan:electron`: Electronegativity, Doyensec's scanner for Electron
// misconfigurations and anti-patterns, over the desktop app's Electron code (electron/: main,
// the built-in server's entry, the preload). Prints every finding, fails on any of high
// severity, and makes no network request.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const toolRoot = path.dirname(require.resolve('@doyensec/electronegativity/package.json'));
const toolRequire = createRequire(path.join(toolRoot, 'package.json'));
const electronVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.electron!;

interface Finding {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string; value: number };
  confidence: { name: string };
  description: string;
  manualReview: boolean;
}

/**
 * The tool downloads its messages' translations at every run, and one global check downloads
 * Electron's release list; a security scan in CI must work offline and talk to nobody. Its own
 * English messages are bundled, so they are loaded from disk in place of the download.
 */
function installOfflineMessages(): void {
  const i18n = toolRequire('i18n') as {
    configure(options: Record<string, unknown>): void;
    setLocale(locale: string): void;
  };
  const offline = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: path.join(toolRoot, 'dist', 'locales'),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  };
  const file = path.join(toolRoot, 'dist', 'locales', 'i18n.js');
  const cached = new Module(file);
  cached.filename = file;
  cached.loaded = true;
  cached.exports = Object.assign(offline, { default: offline });
  toolRequire.cache[file] = cached;
}

/** Checks left out: they need the network (the release list), not our code. */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

export async function scan(input: string): Promise<{ issues: Finding[]; errors: unknown[] }> {
  installOfflineMessages();
  const run = toolRequire(path.join(toolRoot, 'dist', 'runner.js')) as (
    options: Record<string, unknown>,
  ) => Promise<{ issues: Finding[]; errors: unknown[] }>;
  return run({
    input,
    isSarif: false,
    customScan: [],
    excludeFromScan: EXCLUDED_CHECKS,
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { issues, errors } = await scan(path.join(repoRoot, 'electron'));
  for (const issue of issues) {
    process.stdout.write(
      `${issue.severity.name.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id} ` +
        `electron/${issue.file}:${issue.location.line}:${issue.location.column}\n` +
        `    ${issue.description}\n`,
    );
  }
  const high = issues.filter((issue) => issue.severity.name === 'HIGH').length;
  process.stdout.write(
    `\nelectron/: ${issues.length} finding(s), ${high} of high severity; ` +
      `${errors.length} file(s) the scanner could not parse\n`,
  );
  process.exit(high === 0 && errors.length === 0 ? 0 : 1);
}
