/**
 * A V8 code cache for the bundled CLI. Node 20 compiles every file from source on every run
 * (`module.enableCompileCache` is Node 22.1+): for llm-do's ~2 MB of bundled code that was the
 * largest part of start-up (bench/RESULTS.md). The bundle is CommonJS (scripts/bundle-cli.mjs) so
 * that its files can be compiled here, with `vm.Script` and the cached data V8 wrote for the same
 * source before. At exit the code of every file that had no usable entry is written, including the
 * functions that were compiled lazily while the process ran.
 *
 * An entry is named by a hash of the file's source, the Node version and the V8 flags, and starts
 * with a CRC-32 of the data after it: release builds of V8 do not check a code cache's checksum, so
 * a damaged entry is caught here (and one V8 rejects is recompiled and written again).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { boundCacheDirectory, writeCacheFile } from '../cache-files.ts';
import { preparePrivateCache } from './module-cache.ts';

/** Older entries are removed when the cache grows past this (one build's entries take ~5 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const CHECKSUM_BYTES = 4;

/** What one process did with the cache (`LLM_DO_DEBUG=1` prints it at exit). */
export interface CompileCacheCounts {
  /** Files compiled from a cache entry. */
  used: number;
  /** Entries written at exit (no entry, or one that was damaged or that V8 rejected). */
  written: number;
}

/** The part of Node's `Module` this hooks (`Module.prototype._compile` is not in Node's types). */
interface CompilingModule {
  exports: unknown;
  filename: string;
  paths: string[];
  loaded: boolean;
  require(id: string): unknown;
  _compile(content: string, filename: string): unknown;
}
type ModuleInternals = {
  new (id: string, parent: CompilingModule): CompilingModule;
  _resolveFilename(request: string, parent: CompilingModule, isMain: boolean, options?: unknown): string;
  _nodeModulePaths(dir: string): string[];
  _cache: Record<string, CompilingModule | undefined>;
};

/** The code cache for the bundle beside `entryUrl` (bin.ts, check-thread-bin.ts): `$LLM_DO_HOME/cache/code/`, when it is safely ours. */
export function cacheCliCode(entryUrl: string): CompileCacheCounts {
  return cacheCompiledCode(dirname(fileURLToPath(entryUrl)), preparePrivateCache({ env: process.env, homeDir: homedir(), cwd: process.cwd() }, 'code'));
}

/**
 * Compiles the `.cjs` files directly in `codeDir` and its subdirectories through the code cache in
 * `cacheDir` (a private directory, `module-cache.ts`); with no `cacheDir` nothing changes. Returns
 * the counts, complete once the process exits.
 */
export function cacheCompiledCode(codeDir: string, cacheDir: string | undefined): CompileCacheCounts {
  const counts: CompileCacheCounts = { used: 0, written: 0 };
  if (!cacheDir) return counts;
  const prefix = codeDir.endsWith(sep) ? codeDir : codeDir + sep;
  const flags = `${process.version}\0${process.arch}\0${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}`;
  const unsaved: { file: string; script: vm.Script }[] = [];
  const proto = Module.prototype as unknown as CompilingModule;
  const compile = proto._compile;
  proto._compile = function (this: CompilingModule, content: string, filename: string) {
    if (!filename.startsWith(prefix) || !filename.endsWith('.cjs')) return compile.call(this, content, filename);
    const file = join(cacheDir, `${createHash('sha256').update(flags).update('\0').update(content).digest('hex').slice(0, 40)}.v8`);
    const cachedData = readEntry(file);
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      // The bundle's `import()` of packages outside it resolves as in any other CommonJS file.
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (cachedData && !script.cachedDataRejected) counts.used++;
    else unsaved.push({ file, script });
    const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return run.call(this.exports, this.exports, requireFrom(this, prefix), this, filename, dirname(filename));
  };
  process.on('exit', () => {
    for (const { file, script } of unsaved) if (writeEntry(file, script.createCachedData())) counts.written++;
    if (counts.written > 0) boundCacheDirectory(cacheDir, MAX_CACHE_BYTES);
  });
  return counts;
}

/**
 * The `require` a CommonJS file of the bundle gets: relative to it, and with it as the parent. The
 * bundle's own files (`./name.cjs` under `prefix`) are loaded here, as Node would load them but
 * without its resolution: a run requires ~60 chunks, and Node's search (stat, real path, package
 * scope) for each cost more than a tenth of loading them (bench/RESULTS.md).
 */
function requireFrom(module: CompilingModule, prefix: string): NodeJS.Require {
  const internals = Module as unknown as ModuleInternals;
  const require = ((id: string) => {
    if (!(id.startsWith('./') || id.startsWith('../')) || !id.endsWith('.cjs')) return module.require(id);
    const filename = join(dirname(module.filename), id);
    return filename.startsWith(prefix) ? requireBundled(module, filename) : module.require(id);
  }) as NodeJS.Require;
  require.resolve = ((request: string, options?: unknown) => internals._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  require.main = process.mainModule;
  require.cache = internals._cache as NodeJS.Require['cache'];
  return require;
}

/**
 * A file of the bundle required by `parent`: its module from Node's cache (a cycle gets the exports
 * so far, as from Node), else loaded and compiled (through the hook) and cached. A file that cannot
 * be read is left to Node, which throws its usual MODULE_NOT_FOUND; one that throws is not cached.
 */
function requireBundled(parent: CompilingModule, filename: string): unknown {
  const internals = Module as unknown as ModuleInternals;
  const cached = internals._cache[filename];
  if (cached) return cached.exports;
  let content: string;
  try {
    content = readFileSync(filename, 'utf8');
  } catch {
    return parent.require(filename);
  }
  const module = new internals(filename, parent);
  module.filename = filename;
  module.paths = internals._nodeModulePaths(dirname(filename));
  internals._cache[filename] = module;
  let loaded = false;
  try {
    module._compile(content, filename);
    loaded = true;
  } finally {
    if (!loaded) delete internals._cache[filename];
  }
  module.loaded = true;
  return module.exports;
}

/** The cached data in `file` when its checksum holds; undefined when there is none or it is damaged. */
function readEntry(file: string): Buffer | undefined {
  let entry: Buffer;
  try {
    entry = readFileSync(file);
  } catch {
    return undefined;
  }
  if (entry.length <= CHECKSUM_BYTES) return undefined;
  const data = entry.subarray(CHECKSUM_BYTES);
  return entry.readUInt32LE(0) === crc32(data) ? data : undefined;
}

/** Writes an entry, its checksum first; false when it cannot (a read-only home). */
function writeEntry(file: string, data: Buffer): boolean {
  // A `check` helper thread may write the same entry as the main thread at once (they share chunks).
  const checksum = Buffer.alloc(CHECKSUM_BYTES);
  checksum.writeUInt32LE(crc32(data));
  return writeCacheFile(file, Buffer.concat([checksum, data]));
}
