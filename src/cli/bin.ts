#!/usr/bin/env node
// The llm-do executable: loads the bundled CLI (CommonJS, scripts/bundle-cli.mjs) through V8's code
// cache in `$LLM_DO_HOME/cache/code/` (compile-cache.ts), then runs it (process-entry.ts).
import { createRequire } from 'node:module';
import { cacheCliCode } from './compile-cache.ts';

const counts = cacheCliCode(import.meta.url);
if (process.env.LLM_DO_DEBUG === '1') {
  process.on('exit', () => process.stderr.write(`debug: compile cache: ${counts.used} used, ${counts.written} written\n`));
}
createRequire(import.meta.url)('./process-entry.cjs');
