import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CACHE_MODULE = new URL('./stripped-source-cache.js', import.meta.url).href;

describe('the stripped-source cache', () => {
  let root: string;
  let cacheDir: string;
  let source: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-strip-'));
    source = path.join(root, 'typed.ts');
    fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }');
    writeRunner(path.join(root, 'node_modules/.cache/stripped'));
    writeSource(42);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /**
   * run.js (JavaScript, as main.js): puts the cache in `cache`, loads typed.ts, and prints what
   * it exports and whether Node's type stripper was loaded.
   */
  function writeRunner(cache: string) {
    cacheDir = cache;
    fs.writeFileSync(
      path.join(root, 'run.js'),
      [
        `const { cacheStrippedSources } = await import(${JSON.stringify(CACHE_MODULE)});`,
        `cacheStrippedSources(${JSON.stringify(cacheDir)}, ${JSON.stringify(root)});`,
        `const typed = await import('./typed.ts');`,
        `const stripperLoaded = process.moduleLoadList.some((name) => name.includes('amaro'));`,
        `console.log(JSON.stringify({ answer: typed.answer, thrownAt: typed.thrownAt(), stripperLoaded }));`,
      ].join('\n'),
    );
  }

  function writeSource(answer: number) {
    fs.writeFileSync(
      source,
      [
        `interface Shape { size: number }`,
        `export const answer: number = ${answer};`,
        `export function thrownAt(): string {`,
        `  const shape: Shape = { size: 1 };`,
        `  return new Error(String(shape.size)).stack!.split('\\n')[1]!.trim();`,
        `}`,
      ].join('\n'),
    );
  }

  interface Run {
    answer: number;
    thrownAt: string;
    stripperLoaded: boolean;
    stderr: string;
  }

  async function run(): Promise<Run> {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['run.js'], {
      cwd: root,
    });
    return { ...(JSON.parse(stdout) as Omit<Run, 'stderr'>), stderr };
  }

  function entries(): string[] {
    return fs.readdirSync(cacheDir).map((name) => path.join(cacheDir, name));
  }

  it('serves a module stripped once, keeps its lines and columns, and prints no notice', async () => {
    const first = await run();
    expect(first.answer).toBe(42);
    expect(first.stripperLoaded).toBe(true);
    // Line 5, column 10 of typed.ts: where `new Error` stands in the source.
    expect(first.thrownAt).toContain(`typed.ts:5:10`);
    expect(first.stderr).toBe('');
    expect(entries()).toHaveLength(1);
    const [typedEntry] = entries();
    expect(fs.readFileSync(typedEntry!, 'utf8')).toMatch(
      /^\/\/ \S+\n.*export const answer\s+= 42;/s,
    );

    // The next start takes the stripped module from the cache, not from the source, and never
    // loads Node's stripper.
    fs.writeFileSync(typedEntry!, fs.readFileSync(typedEntry!, 'utf8').replace('= 42', '= 43'));
    const cached = await run();
    expect(cached.answer).toBe(43);
    expect(cached.stripperLoaded).toBe(false);
  });

  it('strips a source again once it changed, in place of its old entry', async () => {
    await run();
    writeSource(7);
    const changed = await run();
    expect(changed.answer).toBe(7);
    expect(changed.stderr).toBe('');
    expect(entries()).toHaveLength(1);
  });

  it('leaves the stripping to Node where the cache cannot be kept', async () => {
    // A cache folder that cannot be made: its parent is a file.
    fs.writeFileSync(path.join(root, 'not-a-folder'), '');
    writeRunner(path.join(root, 'not-a-folder/stripped'));
    const { answer, stderr } = await run();
    expect(answer).toBe(42);
    expect(stderr).toBe('');
  });
});
