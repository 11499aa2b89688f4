#!/usr/bin/env node
// The llm-do executable: sets V8 to favour memory (v8-memory.ts), turns on Node's compile cache in
// `$LLM_DO_HOME/cache/code/` (code-cache.ts), then loads and runs the bundled CLI (process-entry.ts,
// bundled by scripts/bundle-cli.mjs).
import { createRequire } from 'node:module';
import { enableCodeCache } from './code-cache.ts';
import { preferSmallMemory } from './v8-memory.ts';

// An older Node fails somewhere inside the providers; say once, plainly, what is needed instead.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 22) {
  process.stderr.write(`llm-do: needs Node.js 22 or later (24 LTS recommended); this is Node.js ${process.versions.node}\n`);
  process.exit(2);
}

// Before the compile cache: Node keeps its entries per set of V8 flags.
const v8Flags = preferSmallMemory(process.argv.slice(2), process.env);
const codeCache = enableCodeCache();
if (process.env.LLM_DO_DEBUG === '1') process.stderr.write(`debug: V8 flags: ${v8Flags}\ndebug: compile cache: ${codeCache}\n`);
createRequire(import.meta.url)('./process-entry.cjs');
