#!/usr/bin/env node
/**
 * `prepare` (run by `npm install` in a clone, and by `npm pack`): builds llm-do. Skipped when npx
 * runs it: `npx llm-do` in a clone links the clone into npm's npx cache (`file:`) and runs its
 * `prepare` there, once per cache — a second full build of what `npm install` already built, which
 * made the first `npx llm-do` take 10–20 s (bench/npx-first-run.mjs). The build is there, so use it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.npm_command === 'exec' && existsSync(new URL('../dist/cli/bin.js', import.meta.url))) process.exit(0);
const npm = process.env.npm_execpath;
const result = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
