#!/usr/bin/env node
// The llm-do executable: loads the bundled CLI (CommonJS, scripts/bundle-cli.mjs) through V8's code
// cache in `$LLM_DO_HOME/cache/code/` (compile-cache.ts), then runs it (process-entry.ts).
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheCompiledCode } from './compile-cache.ts';
import { preparePrivateCache } from './module-cache.ts';

const counts = cacheCompiledCode(dirname(fileURLToPath(import.meta.url)), preparePrivateCache({ env: process.env, homeDir: homedir(), cwd: process.cwd() }, 'code'));
if (process.env.LLM_DO_DEBUG === '1') {
  process.on('exit', () => process.stderr.write(`debug: compile cache: ${counts.used} used, ${counts.written} written\n`));
}
createRequire(import.meta.url)('./process-entry.cjs');
