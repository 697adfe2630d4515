import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const readRepoFile = (file: string) =>
  fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** `.env.example`'s variables: each `NAME=` line, commented out or not. */
function envExampleVariables(): string[] {
  return [...readRepoFile('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(
    (match) => match[1]!,
  );
}

/** The variables named in the first column of the README's configuration table. */
function readmeTableVariables(): string[] {
  const readme = readRepoFile('README.md');
  const section = readme.slice(readme.indexOf('\n## Configuration\n'));
  const table = section.slice(0, section.indexOf('\n## ', 1));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

describe('configuration reference', () => {
  it('lists in .env.example exactly the variables the server reads, each once', () => {
    const listed = envExampleVariables();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('lists in the README table exactly the variables the server reads', () => {
    expect(readmeTableVariables().sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('shows in .env.example the defaults the server really has', () => {
    const shown = new Map(
      [...readRepoFile('.env.example').matchAll(/^# ([A-Z][A-Z0-9_]*)=(.+)$/gm)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    expect(shown.size).toBeGreaterThan(5);
    // Settings read only beside another one are tried beside it.
    const beside: Record<string, Record<string, string>> = {
      METRICS_HOST: { METRICS_PORT: '9464' },
    };
    // Each default given as the value: the configuration read from it is the default one.
    for (const [name, value] of shown) {
      const context = beside[name] ?? {};
      expect(loadConfig({ ...context, [name]: value }), name).toEqual(loadConfig(context));
    }
  });
});
