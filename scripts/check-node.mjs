// Fails fast when a script runs on a Node older than the project's target.
// `npm run` puts node_modules/.bin (the `node` devDependency) first on PATH, so
// this only trips when someone runs files directly with an old system Node.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Ashnote needs Node.js 22.12 or newer; this is ${process.version}.\n` +
      'Run it through npm (npm start, npm test), which uses the Node 22 installed as a devDependency, ' +
      'or install Node 22 LTS.',
  );
  process.exit(1);
}
