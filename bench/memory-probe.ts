/**
 * Preloaded (`node --import`) into the bundled server by memory.bench.ts: answers each
 * "memoryUsage" message on the IPC channel with process.memoryUsage(). Nothing else in the
 * server changes.
 */
process.on('message', (message) => {
  if (message === 'memoryUsage') process.send!(process.memoryUsage());
});
