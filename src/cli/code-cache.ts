/**
 * Node's compile cache for the CLI's own code (`module.enableCompileCache`, docs/performance.md):
 * V8 keeps the code it compiled for each file in `$LLM_DO_HOME/cache/code/`, and the next process
 * loads it instead of compiling the file from source again. Turned on by the executable before it
 * loads the bundle (bin.ts) and by each of `check`'s helper threads (check-thread-bin.ts), which
 * Node does not give their parent's cache.
 */
import module from 'node:module';
import { homedir } from 'node:os';
import { boundCacheDirectory } from '../cache-files.ts';
import { preparePrivateCache } from './module-cache.ts';

/** Older entries are removed when the cache grows past this (one build's entries take ~5 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Turns the compile cache on in `$LLM_DO_HOME/cache/code/` when that directory is safely ours
 * (module-cache.ts), and says what happened, for `LLM_DO_DEBUG=1`. Node keeps a subdirectory per
 * Node version and V8 flags; the entries of earlier builds and Node versions are removed, oldest
 * first, past the size above.
 */
export function enableCodeCache(io = { env: process.env, homeDir: homedir(), cwd: process.cwd() }): string {
  // Node 22.0 has no compile cache (22.1 brought it).
  if (typeof module.enableCompileCache !== 'function') return `not available in Node.js ${process.versions.node}`;
  const dir = preparePrivateCache(io, 'code');
  if (!dir) return 'off: $LLM_DO_HOME/cache/code is not a private directory of this user';
  const { status, message, directory } = module.enableCompileCache(dir);
  switch (status) {
    case module.constants.compileCacheStatus.ENABLED:
      boundCacheDirectory(dir, MAX_CACHE_BYTES);
      return `on in ${directory}`;
    case module.constants.compileCacheStatus.ALREADY_ENABLED:
      return `on in ${directory} (NODE_COMPILE_CACHE)`;
    case module.constants.compileCacheStatus.DISABLED:
      return 'off (NODE_DISABLE_COMPILE_CACHE)';
    default:
      return `off: ${message ?? 'Node could not use the directory'}`;
  }
}
