import type { DestroyReason } from '../../../shared/api/notes.ts';
import type { Context } from 'koa';

/** Why a note was destroyed; the tombstone's reasons. */
export type NoteEnd = DestroyReason;

/** How a chat message reached the room: on this instance alone, or through the relay. */
export type RelayPath = 'instance' | 'relay';

/** What the gauges read at each scrape. */
export interface GaugeSources {
  /** PostgreSQL's connection pool; null on the embedded database (one connection, no pool). */
  pool(): { total: number; idle: number; waiting: number } | null;
  webSockets(): number;
  draining(): boolean;
}

/**
 * What the server counts for Prometheus. Every label is a route pattern, a method, a status,
 * a fixed name from the code or a reason: never an id, an address or anything a client wrote.
 *
 * Recording is a label lookup and an increment, so it stays off the cost of the hot paths (see
 * the notes benchmark in docs/benchmarks.md); with metrics off, every call is an empty function.
 */
export interface AppMetrics {
  readonly enabled: boolean;
  /** A finished HTTP request, by the router's matched pattern (or `other`/`static`). */
  request(ctx: Context, ms: number): void;
  noteCreated(): void;
  notesDestroyed(reason: NoteEnd, count?: number): void;
  chatRoomCreated(): void;
  chatMessageRelayed(path: RelayPath): void;
  chatRelayReconnected(): void;
  /** A request refused by a rate limit; the action and scope are names from the code. */
  rateLimited(refusal?: { action?: string; scope?: string }): void;
  /** One run of a prepared statement (db.prepare), by its name. */
  statement(name: string, ms: number): void;
  /** Where the gauges read from; set once the server's parts exist. */
  watch(sources: GaugeSources): void;
  /** The exposition in Prometheus' text format. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

const nothing = () => {};

/** Metrics off (the default): nothing is counted or served. */
export const noMetrics: AppMetrics = {
  enabled: false,
  request: nothing,
  noteCreated: nothing,
  notesDestroyed: nothing,
  chatRoomCreated: nothing,
  chatMessageRelayed: nothing,
  chatRelayReconnected: nothing,
  rateLimited: nothing,
  statement: nothing,
  watch: nothing,
  scrape: () => Promise.reject(new Error('metrics are off')),
};

/**
 * Prometheus metrics when configured, else noMetrics. prom-client is loaded only then, so a
 * server without metrics never pays for loading it at start.
 */
export async function createMetrics(enabled: boolean): Promise<AppMetrics> {
  if (!enabled) return noMetrics;
  const { prometheusMetrics } = await import('./prometheus.ts');
  return prometheusMetrics();
}
