#!/usr/bin/env node
import { run } from './main.ts';

// The command's entry: `npm run build` bundles it into dist/cli/ashnote.js (package.json `bin`).
await run(process.argv.slice(2));
