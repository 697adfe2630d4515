// `npm run dev`: the backend (embedded database unless DATABASE_URL) on :3000 and Vite's dev
// server for the renderer on :5173, which proxies /api and /ws to the backend.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['backend/src/main.ts'], {
    stdio: 'inherit',
    env: { PORT: '3000', ...process.env },
  }),
  spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--config', 'renderer/vite.config.ts'],
    {
      stdio: 'inherit',
    },
  ),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
