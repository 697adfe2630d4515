// Fails fast when a script runs on a Node older than the project's target. `npm run` puts
// node_modules/.bin (the `node` devDependency) first on PATH, so this only trips when someone
// runs files directly with an old system Node.
import { refuseOldNode } from '../backend/src/node-version.js';

refuseOldNode(
  'Run it through npm (npm start, npm test), which uses the Node 22 installed as a devDependency, or install Node 22 LTS.',
);
