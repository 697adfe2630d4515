/**
 * The one place the server reaches under PGlite: the operations of Emscripten's Node file
 * system (NODEFS) inside PGlite's WebAssembly module, which durable-pglite.ts needs to make
 * PostgreSQL's writes durable and its files private. PGlite documents none of it. What this
 * relies on, and emscripten-fs.test.ts checks against the installed PGlite (an upgrade that
 * changes it fails there, by name, before anything else does):
 *
 * - the module passed to an `emscriptenOpts.preRun` hook exposes NODEFS, as `module.NODEFS`
 *   (PGlite 0.5.17) or `module.FS.filesystems.NODEFS` (0.5.14);
 * - `NODEFS.realPath(node)` gives a node's path on the real disk;
 * - `NODEFS.stream_ops.write(stream, ...)` writes through a stream whose `node` is the file;
 * - a `stream_ops.fsync(stream)` put there (NODEFS has none, so PostgreSQL's fsync does
 *   nothing) is called for PostgreSQL's fsync, with the real file descriptor in `stream.nfd`;
 * - `NODEFS.node_ops.mknod(parent, name, mode, dev)` creates every file and folder;
 * - `module.FS.isDir(mode)`.
 */

export interface EmscriptenNode {
  mode: number;
  name: string;
  parent: EmscriptenNode;
}

interface NodeFsOperations {
  realPath(node: EmscriptenNode): string;
  stream_ops: Record<string, unknown>;
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): EmscriptenNode;
  };
}

export interface EmscriptenModule {
  NODEFS?: NodeFsOperations;
  FS: {
    isDir(mode: number): boolean;
    filesystems?: { NODEFS?: NodeFsOperations };
  };
}

/** What durable-pglite.ts does at each of the operations it hooks. */
export interface NodeFsHooks {
  /** Before each write, with the file written. */
  written(node: EmscriptenNode): void;
  /** In place of the no-op fsync; returns nothing, as the original returns 0 on success. */
  fsync(realPath: string, fd: number, node: EmscriptenNode): void;
  /** After a file or folder was created, with its path on disk. */
  created(realPath: string, isDir: boolean): void;
}

export class EmscriptenFsChanged extends Error {
  override readonly name = 'EmscriptenFsChanged';
  constructor(what: string) {
    super(
      `PGlite's Emscripten file system no longer has ${what}: durable writes cannot be ` +
        'hooked (see backend/src/db/embedded/emscripten-fs.ts)',
    );
  }
}

/** NODEFS as the installed PGlite exposes it; throws EmscriptenFsChanged where it does not. */
export function findNodeFs(module: EmscriptenModule): NodeFsOperations {
  const nodeFs = module.NODEFS ?? module.FS.filesystems?.NODEFS;
  if (nodeFs === undefined) throw new EmscriptenFsChanged('NODEFS on the module');
  if (typeof nodeFs.realPath !== 'function') throw new EmscriptenFsChanged('NODEFS.realPath');
  if (typeof nodeFs.stream_ops.write !== 'function')
    throw new EmscriptenFsChanged('NODEFS.stream_ops.write');
  if (typeof nodeFs.node_ops.mknod !== 'function')
    throw new EmscriptenFsChanged('NODEFS.node_ops.mknod');
  if (typeof module.FS.isDir !== 'function') throw new EmscriptenFsChanged('FS.isDir');
  return nodeFs;
}

/** Hooks NODEFS's operations; returns its `realPath` for later use. */
export function hookNodeFs(
  module: EmscriptenModule,
  hooks: NodeFsHooks,
): (node: EmscriptenNode) => string {
  const nodeFs = findNodeFs(module);
  type Write = (stream: { node: EmscriptenNode }, ...rest: unknown[]) => number;
  const write = nodeFs.stream_ops.write as Write;
  nodeFs.stream_ops.write = ((stream, ...rest) => {
    hooks.written(stream.node);
    return write(stream, ...rest);
  }) satisfies Write;
  nodeFs.stream_ops.fsync = (stream: { nfd: number; node: EmscriptenNode }) => {
    hooks.fsync(nodeFs.realPath(stream.node), stream.nfd, stream.node);
    return 0;
  };
  const mknod = nodeFs.node_ops.mknod;
  nodeFs.node_ops.mknod = (parent, name, mode, dev) => {
    const node = mknod(parent, name, mode, dev);
    hooks.created(nodeFs.realPath(node), module.FS.isDir(node.mode));
    return node;
  };
  return (node) => nodeFs.realPath(node);
}
