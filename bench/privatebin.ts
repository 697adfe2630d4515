import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * PrivateBin, the best-known peer, measured by its own kit (`../shared/peer-bench/`, set up and
 * started as its README says) in the same rounds as ours, so both see the same machine. The kit
 * is run, not copied: PEER_DIR names its scratch folder, and its load script does the measuring.
 */
export const PEER_DIR = process.env.PEER_DIR ?? null;

/** Notes per phase: a few seconds of load at PrivateBin's rates, like our timed rounds. */
const PASTES = Number(process.env.BENCH_PEER_PASTES ?? 5000);

/** The kit's two PrivateBin sites: its file store and its PostgreSQL store. */
const STORES = { fs: 'http://127.0.0.1:8081/', pg: 'http://127.0.0.1:8082/' } as const;
export type PeerStore = keyof typeof STORES;
/** The page a visitor opens, for Lighthouse (lighthouse.bench.ts): the file store's site. */
export const PRIVATEBIN_FRONT_PAGE = STORES.fs;

export interface PeerStats {
  /** Full note lifecycles (store, then read-and-burn) per second, over both phases. */
  perSecond: number;
  createP99Ms: number;
  readP99Ms: number;
}

interface Phase {
  ok: number;
  secs: number;
  p99_ms: number;
}

/** One run of the kit's load script against a store: create N, read each once, reread must fail. */
export async function privateBinLifecycles(store: PeerStore): Promise<PeerStats> {
  if (PEER_DIR === null) throw new Error('PEER_DIR is not set');
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ashnote-peer-')), 'run.jsonl');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        path.join(PEER_DIR, 'bench/pb-load.mjs'),
        ...['--url', STORES[store], '--n', String(PASTES), '--concurrency', '16'],
        ...['--max-seconds', '60', '--quiet-wait', '0', '--json', json],
      ],
      { cwd: path.join(PEER_DIR, 'bench'), timeout: 300_000 },
    );
    const result = JSON.parse(fs.readFileSync(json, 'utf8')) as {
      create: Phase;
      read: Phase;
      burn_verified: boolean;
    };
    if (!result.burn_verified) throw new Error(`PrivateBin ${store}: a burnt paste read twice`);
    return {
      perSecond: result.read.ok / (result.create.secs + result.read.secs),
      createP99Ms: result.create.p99_ms,
      readP99Ms: result.read.p99_ms,
    };
  } finally {
    fs.rmSync(path.dirname(json), { recursive: true, force: true });
  }
}

/** Whether the kit's PrivateBin answers on both stores; says why not otherwise. */
export async function privateBinRunning(): Promise<string | null> {
  if (PEER_DIR === null) return 'set PEER_DIR to the peer kit’s folder to compare with PrivateBin';
  for (const [store, url] of Object.entries(STORES)) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(5000) });
    } catch {
      return `PrivateBin's ${store} store does not answer at ${url} (run the kit's start-peer.sh)`;
    }
  }
  return null;
}
