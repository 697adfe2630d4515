import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { Checkpoints, type CheckpointPolicy } from './checkpoints.ts';
import { hookNodeFs, type EmscriptenModule, type EmscriptenNode } from './emscripten-fs.ts';
import type { PGliteWasm } from './protocol.ts';
import { DeferredWalSync } from './wal-sync.ts';

/**
 * PGlite as the server runs it: durable (a write is on disk once `durable()` says so) and
 * private (its files are the owner's alone). Used by the embedded database's thread, and by the
 * benchmark's raw baseline so both pay for the same durability.
 */

/** The database's files are its owner's alone, whatever the process's umask. */
const PRIVATE_FILE = 0o600;
const PRIVATE_DIR = 0o700;

/**
 * PGlite's Node filesystem, made durable and private.
 *
 * Through the one adapter that reaches under PGlite (emscripten-fs.ts). It never reaches the
 * disk on fsync: Emscripten's NODEFS has no fsync and its fdatasync is a
 * no-op, and PGlite starts PostgreSQL with fsync off. A note the server acknowledged would then
 * survive a crashed process (the OS still has the pages) but not a power cut, and a read note
 * could come back after one. So fsync is given a real fdatasync (the WAL's deferred, see
 * wal-sync.ts), and PostgreSQL runs with fsync on and syncs its WAL through fsync (see
 * START_PARAMS).
 *
 * It also creates files readable by everyone; each new file and folder is made its owner's only.
 * And it notes which files PostgreSQL writes, for its checkpoints (checkpoints.ts).
 */
class DurableNodeFS extends NodeFS {
  readonly walSync: DeferredWalSync;
  /** Data files written since they were last taken for a flush ahead. */
  readonly #dataWritten = new Set<EmscriptenNode>();
  /**
   * WAL files written since the last checkpoint ended (by syncing pg_control). Files only
   * renamed for reuse after a checkpoint are not written, so they don't count until used.
   */
  readonly #walWritten = new Set<EmscriptenNode>();
  #realPath: ((node: EmscriptenNode) => string) | null = null;

  constructor(pgdata: string, walSync: DeferredWalSync) {
    super(pgdata);
    this.walSync = walSync;
  }

  /** The data files written since this was last called, by path. */
  takeWrittenDataFiles(): string[] {
    const files = [...this.#dataWritten].map((node) => this.#realPath!(node));
    this.#dataWritten.clear();
    return files;
  }

  /** How many WAL files (16 MB each) were written since the last checkpoint. */
  get walFilesSinceCheckpoint(): number {
    return this.#walWritten.size;
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...((emscriptenOpts.preRun as ((module: EmscriptenModule) => void)[] | undefined) ?? []),
      (module: EmscriptenModule) => {
        this.#realPath = hookNodeFs(module, {
          written: (node) =>
            (node.parent.name === 'pg_wal' ? this.#walWritten : this.#dataWritten).add(node),
          fsync: (realPath, fd, node) => {
            this.walSync.fsync(realPath, () => fs.fdatasyncSync(fd));
            // A checkpoint ends by syncing pg_control: recovery no longer needs the WAL before it.
            if (node.name === 'pg_control') this.#walWritten.clear();
          },
          created: (realPath, isDir) => fs.chmodSync(realPath, isDir ? PRIVATE_DIR : PRIVATE_FILE),
        });
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** PostgreSQL's buffer cache in the embedded database (see START_PARAMS). */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

const START_PARAMS = [
  // PGlite's defaults minus `-F` (fsync off).
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  // fdatasync is the one sync call PGlite's build ignores; fsync reaches DurableNodeFS.
  '-c',
  'wal_sync_method=fsync',
  // PGlite's build defaults to 160 MB of buffer cache, most of it touched at start: half the
  // server's memory before the first request. The working set (unread notes, open rooms, rate
  // counters) is far smaller, and pages the cache drops stay in the OS's file cache.
  '-c',
  `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
  // A new 16 MB WAL file is not first written full of zeros: PGlite writes through the
  // database thread, 8 KB at a time, and while an upload of images filled the WAL that stopped
  // every other statement for up to ~100 ms per file. The file system allocates the space as the
  // WAL is written, and fdatasync flushes that allocation with the data, so commits stay durable.
  '-c',
  'wal_init_zero=off',
];

/** Date and interval columns stay strings, as MikroORM's own pg driver configures them. */
const KEEP_DATES_AS_TEXT = Object.fromEntries(
  [1082, 1114, 1184, 1186].map((oid) => [oid, (value: string) => value]),
);

/** Files made before this process (a first initdb, an older version) are tightened at start. */
function makePrivate(folder: string): void {
  fs.chmodSync(folder, PRIVATE_DIR);
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = `${folder}/${entry.name}`;
    if (entry.isDirectory()) makePrivate(full);
    else if (entry.isFile()) fs.chmodSync(full, PRIVATE_FILE);
  }
}

export interface DurablePGlite {
  db: PGlite;
  /**
   * Resolves once everything PGlite has done so far is on disk. Nothing may be acknowledged
   * before: a commit returns before its WAL is flushed (see wal-sync.ts).
   */
  durable(): Promise<void>;
  /** PostgreSQL's checkpoints, which the thread that owns `db` takes between statements. */
  checkpoints: Checkpoints;
  /** Closes PGlite once everything it did is on disk, then the WAL files kept open. */
  close(): Promise<void>;
}

/** Opens PGlite over `pgdata`, durable and private, and tightens any files made before. */
export async function openDurablePGlite(
  pgdata: string,
  {
    wasm,
    walSync = new DeferredWalSync(),
    checkpointPolicy,
    onFlushedAhead,
  }: {
    wasm?: PGliteWasm;
    walSync?: DeferredWalSync;
    checkpointPolicy?: CheckpointPolicy;
    /** See Checkpoints: the thread taking them learns when a checkpoint can follow. */
    onFlushedAhead?: () => void;
  } = {},
): Promise<DurablePGlite> {
  const files = new DurableNodeFS(pgdata, walSync);
  const db = await PGlite.create({
    fs: files,
    startParams: START_PARAMS,
    pgliteWasmModule: wasm,
    parsers: KEEP_DATES_AS_TEXT,
  });
  makePrivate(pgdata);
  return {
    db,
    durable: () => walSync.durable(),
    checkpoints: new Checkpoints({
      walFilesSinceCheckpoint: () => files.walFilesSinceCheckpoint,
      takeWrittenDataFiles: () => files.takeWrittenDataFiles(),
      checkpoint: async () => {
        await db.exec('checkpoint');
      },
      policy: checkpointPolicy,
      onFlushedAhead,
    }),
    async close() {
      await db.close();
      await walSync.durable();
      walSync.close();
    },
  };
}
