/**
 * llm-do's caches of code it runs, under `$LLM_DO_HOME/cache/`: compiled tool and schema modules
 * (`tool-modules`, src/modules/module-loader.ts) and V8's code cache for the CLI (`code`,
 * compile-cache.ts). What is found there is run, so a cache is used only when nobody else can write
 * to it or to its parent: both are directories (not links) owned by this user with no group or
 * other permissions.
 */
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CliIO } from './io.ts';
import { llmDoHome } from './llm-do-home.ts';

/** Creates `$LLM_DO_HOME/cache/tool-modules` (mode 0700) and returns it; undefined when it is not safely ours (then nothing is cached). */
export function prepareModuleCache(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string | undefined {
  return preparePrivateCache(io, 'tool-modules');
}

/** Creates `$LLM_DO_HOME/cache/NAME` (mode 0700) and returns it; undefined when it is not safely ours (then nothing is cached). */
export function preparePrivateCache(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>, name: 'tool-modules' | 'code'): string | undefined {
  const dir = join(llmDoHome(io), 'cache', name);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return isPrivate(dirname(dir)) && isPrivate(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

function isPrivate(dir: string): boolean {
  const stats = lstatSync(dir);
  if (!stats.isDirectory() || stats.uid !== process.getuid?.()) return false;
  // Ours, so tightening a directory an older llm-do or a umask left open is safe.
  if ((stats.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return true;
}
