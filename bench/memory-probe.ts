import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded (`node --import`) into the bundled server by memory.bench.ts: writes
 * process.memoryUsage() to the file named by MEMORY_PROBE_FILE every second. A file rather than
 * an IPC channel, so the server runs as `npm start` runs it, without one (npm start's launcher
 * replaces itself with the server through execve, which a channel would not survive). Nothing
 * else in the server changes.
 */
const file = process.env.MEMORY_PROBE_FILE;
if (isMainThread && file !== undefined) {
  // Renamed into place, so the bench never reads half a reading.
  const write = () => {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    fs.renameSync(`${file}.tmp`, file);
  };
  write();
  setInterval(write, 1000).unref();
}
