import fs from 'node:fs';
import { startBundledServer } from './bundled-server.ts';
const dir = fs.mkdtempSync('/tmp/idle-');
for (const label of ['fresh', 'existing']) {
  const s = await startBundledServer(dir, { memoryProbe: true });
  await new Promise((r) => setTimeout(r, 2000));
  const m = await s.memoryUsage();
  const st = fs.readFileSync(`/proc/${s.pid}/status`, 'utf8');
  console.log(
    label,
    'rss',
    (m.rss / 1048576).toFixed(0),
    'heap',
    (m.heapUsed / 1048576).toFixed(0),
    'ext',
    (m.external / 1048576).toFixed(0),
    'ab',
    (m.arrayBuffers / 1048576).toFixed(0),
    /VmHWM.*/.exec(st)![0],
  );
  const maps = fs.readFileSync(`/proc/${s.pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-)/);
  const big = maps
    .map((m) => [Number(/\nRss:\s+(\d+)/.exec(m)?.[1] ?? 0), m.split('\n')[0]] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 6);
  for (const [kb, head] of big) console.log('  ', (kb / 1024).toFixed(0), 'MB', head);
  await s.stop();
}
fs.rmSync(dir, { recursive: true });
