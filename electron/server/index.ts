import { serveParentPort } from './serve.ts';

// The utility process's entry (main forks it with utilityProcess.fork): the built-in server,
// out of main's way, talking to main over its parent port only. Built with the server, as
// dist/server/desktop-server.js (scripts/build-server.ts).
const port = process.parentPort;
if (port === undefined) {
  process.stderr.write('Ashnote: the built-in server runs only as the app’s utility process\n');
  process.exit(1);
}
void serveParentPort(port).then(() => process.exit(0));
