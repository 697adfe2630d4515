import fs from 'node:fs';
import os from 'node:os';

/**
 * Makes the calling worker thread give way to the server's own thread whenever both want the
 * CPU. On Linux a thread's id given to setpriority applies to that thread alone (threads it
 * starts later begin from the creating thread's priority, so the server's thread is untouched).
 * Where there is no /proc/thread-self, or the system refuses, the thread keeps its priority: a
 * matter of latency, never of correctness.
 */
export function yieldToServerThread(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    os.setPriority(threadId, os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux, or /proc not mounted: nothing to do.
  }
}
