// `npm start`: builds the web bundle and the server where their sources changed since the last
// build (scripts/build-targets.ts), then runs the built server (dist/server/main.js) in this
// process's place, with its memory settings (scripts/server-launch.ts).
//
// JavaScript, so that an older Node (which cannot load the TypeScript below) stops at the
// version check with its one line.
import { spawn } from 'node:child_process';
import { refuseOldNode } from '../backend/src/node-version.js';

refuseOldNode(
  'Run it through npm (npm start), which uses the Node 22 installed as a devDependency, or install Node 22 LTS.',
);
const { ensureBuilt } = await import('./build-targets.ts');
const { serverLaunch } = await import('./server-launch.ts');
await ensureBuilt(['web', 'server']);
const { args, env } = serverLaunch(process.env, process.platform);

// execve (POSIX, Node ≥ 22.15) replaces this process, so the server keeps its PID and gets
// signals first-hand; an IPC channel from whoever started it would not survive, nor Windows.
if (process.execve !== undefined && process.channel === undefined) {
  process.execve(process.execPath, [process.execPath, ...args], env);
}
const server = spawn(process.execPath, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
