#!/usr/bin/env node
// The llm-do executable: loads the bundled CLI (CommonJS, scripts/bundle-cli.mjs) through V8's code
// cache in `$LLM_DO_HOME/cache/code/` (compile-cache.ts), then runs it (process-entry.ts).
import { createRequire } from 'node:module';

// An older Node fails somewhere inside the providers; say once, plainly, what is needed instead.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 22) {
  process.stderr.write(`llm-do: needs Node.js 22 or later (24 LTS recommended); this is Node.js ${process.versions.node}\n`);
  process.exit(2);
}

const require = createRequire(import.meta.url);
// Required, not imported: see the compile-cache build in scripts/bundle-cli.mjs.
const { cacheCliCode } = require('./compile-cache.cjs') as typeof import('./compile-cache.ts');

const counts = cacheCliCode(import.meta.url);
if (process.env.LLM_DO_DEBUG === '1') {
  process.on('exit', () => process.stderr.write(`debug: compile cache: ${counts.used} used, ${counts.written} written\n`));
}
require('./process-entry.cjs');
