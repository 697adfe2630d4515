import fs from 'node:fs';
import os from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The threads of this process now, by id; empty where there is no /proc. */
function threadIds(): Set<string> {
  try {
    return new Set(fs.readdirSync('/proc/self/task'));
  } catch {
    return new Set();
  }
}

/**
 * Starts a worker thread that gives way to the server's own thread whenever both want the CPU.
 *
 * The worker's thread exists once the constructor returns (Node starts it there), and is
 * lowered at once from here, found as the thread that was not there before: a worker lowering
 * itself could only do so after Node's start-up and the loading of its first module (some 40
 * to 80 ms of CPU each here), and that ran at the server's own priority while several large
 * notes arrived at once. On Linux a thread id given to setpriority applies to that thread
 * alone. Where there is no /proc, or the system refuses, the worker keeps its priority: a matter
 * of latency, never of correctness.
 */
export function startWorkerBelowServer(entry: URL, options: WorkerOptions = {}): Worker {
  const before = threadIds();
  const worker = new Worker(entry, options);
  for (const id of threadIds()) {
    if (before.has(id)) continue;
    try {
      os.setPriority(Number(id), os.constants.priority.PRIORITY_LOW);
    } catch {
      // Gone already, or not allowed: it keeps its priority.
    }
  }
  return worker;
}
