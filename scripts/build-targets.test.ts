import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUpToDate, sourceHash, stamp } from './build-targets.ts';

/** A small project tree with the server's sources, its tests, and a built server. */
function makeTree(root: string) {
  const files: Record<string, string> = {
    'package.json': '{"dependencies":{}}',
    'package-lock.json': '{}',
    'backend/src/main.ts': 'await import("./start.ts");',
    'backend/src/start.ts': 'export {};',
    'backend/src/start.test.ts': 'test',
    'backend/src/testing/helper.ts': 'helper',
    'shared/limits.ts': 'export const LIMIT = 1;',
    'electron/server/index.ts': 'serve();',
    'renderer/src/app.tsx': 'app',
    'dist/server/main.js': 'built',
  };
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
}

describe('build stamps', () => {
  let root: string;
  const write = (file: string, content: string) => fs.writeFileSync(path.join(root, file), content);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-build-stamps-'));
    makeTree(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('see a build as current until one of its sources changes', () => {
    expect(isUpToDate('server', sourceHash('server', root), root)).toBe(false);
    stamp('server', sourceHash('server', root), root);
    expect(isUpToDate('server', sourceHash('server', root), root)).toBe(true);

    write('shared/limits.ts', 'export const LIMIT = 2;');
    expect(isUpToDate('server', sourceHash('server', root), root)).toBe(false);
  });

  it('follow content, not modification times', () => {
    const before = sourceHash('server', root);
    const file = path.join(root, 'backend/src/start.ts');
    fs.utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(sourceHash('server', root)).toBe(before);
    // An edit whose file ends up with an older time than the build (a checkout, a copy with -p).
    write('backend/src/start.ts', 'export const changed = true;');
    fs.utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(sourceHash('server', root)).not.toBe(before);
  });

  it('count a file added, removed or renamed, and the package files', () => {
    const hashes = new Set([sourceHash('server', root)]);
    write('backend/src/new.ts', 'export {};');
    hashes.add(sourceHash('server', root));
    fs.renameSync(path.join(root, 'backend/src/new.ts'), path.join(root, 'backend/src/renamed.ts'));
    hashes.add(sourceHash('server', root));
    fs.rmSync(path.join(root, 'backend/src/renamed.ts'));
    write('package-lock.json', '{"lockfileVersion":3}');
    hashes.add(sourceHash('server', root));
    expect(hashes.size).toBe(4);
  });

  it('ignore tests and test helpers, and the other build’s sources', () => {
    const server = sourceHash('server', root);
    const web = sourceHash('web', root);
    write('backend/src/start.test.ts', 'another test');
    write('backend/src/testing/helper.ts', 'another helper');
    write('renderer/src/app.tsx', 'another app');
    expect(sourceHash('server', root)).toBe(server);
    expect(sourceHash('web', root)).not.toBe(web);
  });

  it('do not count a build whose output is gone', () => {
    stamp('server', sourceHash('server', root), root);
    fs.rmSync(path.join(root, 'dist/server'), { recursive: true });
    expect(isUpToDate('server', sourceHash('server', root), root)).toBe(false);
  });
});
