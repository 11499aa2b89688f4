/**
 * llm-do's caches of code it runs, under `$LLM_DO_HOME/cache/`: compiled tool and schema modules
 * (`tool-modules`, jiti's file cache, src/modules/module-loader.ts) and Node's compile cache of the
 * CLI's own code (`code`, code-cache.ts). What is found there is run, so a cache is used only when
 * nobody else can read or write it or its parent: both are directories (not links) owned by this
 * user with no group or other permissions (docs/security.md).
 */
import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { boundCacheDirectory } from '../cache-files.ts';
import type { CliIO } from './io.ts';
import { llmDoHome } from './llm-do-home.ts';

/** The compiled-module cache is kept within this size when a process first uses it (its entries are small). */
const MAX_MODULE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Creates `$LLM_DO_HOME/cache/tool-modules` (mode 0700), removes its oldest entries past its size,
 * and returns it; undefined when it is not safely ours (then nothing is cached).
 */
export function prepareModuleCache(io: Pick<CliIO, 'env' | 'homeDir' | 'cwd'>): string | undefined {
  const dir = preparePrivateCache(io, 'tool-modules');
  if (dir) boundCacheDirectory(dir, MAX_MODULE_CACHE_BYTES);
  return dir;
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
