import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { describe, expect, it } from 'vitest';
import {
  EmscriptenFsChanged,
  findNodeFs,
  hookNodeFs,
  type EmscriptenModule,
} from './emscripten-fs.ts';

/** NodeFS with every hook recording what it saw, against the installed PGlite. */
class ProbedNodeFS extends NodeFS {
  readonly seen = { written: new Set<string>(), fsynced: new Set<string>(), created: 0 };

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...((emscriptenOpts.preRun as ((module: EmscriptenModule) => void)[] | undefined) ?? []),
      (module: EmscriptenModule) => {
        hookNodeFs(module, {
          written: (node) => this.seen.written.add(node.parent.name),
          fsync: (realPath, fd) => {
            expect(fs.fstatSync(fd).isFile()).toBe(true);
            this.seen.fsynced.add(path.basename(path.dirname(realPath)));
          },
          created: (realPath) => {
            expect(fs.existsSync(realPath)).toBe(true);
            this.seen.created++;
          },
        });
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

describe("the adapter under PGlite's file system", () => {
  it('finds and hooks every operation it relies on in the installed PGlite', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-emscripten-fs-'));
    const files = new ProbedNodeFS(folder);
    const db = await PGlite.create({
      fs: files,
      // fsync on, through fsync: as durable-pglite.ts starts it.
      startParams: [
        ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
        '-c',
        'wal_sync_method=fsync',
      ],
    });
    try {
      await db.exec('create table probe (value text); insert into probe values (1)');
      expect(files.seen.written.has('pg_wal')).toBe(true);
      expect(files.seen.fsynced.has('pg_wal')).toBe(true);
      expect(files.seen.created).toBeGreaterThan(0);
    } finally {
      await db.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names what is missing when an upgrade moves it', () => {
    const isDir = () => false;
    expect(() => findNodeFs({ FS: { isDir } })).toThrow(EmscriptenFsChanged);
    expect(() => findNodeFs({ FS: { isDir } })).toThrow(/no longer has NODEFS on the module/);
    const withoutWrite = {
      realPath: () => '',
      stream_ops: {},
      node_ops: { mknod: () => ({}) as never },
    };
    expect(() => findNodeFs({ NODEFS: withoutWrite, FS: { isDir } })).toThrow(
      /NODEFS\.stream_ops\.write/,
    );
  });
});
