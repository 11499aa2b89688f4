/**
 * Runs a TypeScript module from the code jiti compiled for it on an earlier run, without loading jiti
 * (module-loader.ts). jiti's own file cache spares a run the compiler but not jiti itself, whose
 * ~190 KB runtime the process compiles from source each time: ~25 ms of every run with a `tools.ts`
 * before its first model request (bench/RESULTS.md).
 *
 * An entry holds the code as jiti hands it to its evaluator: CommonJS in the body of an async
 * function of `(exports, require, module, __filename, __dirname, jitiImport, jitiESMResolve)`. It is
 * run here with the same arguments: "llm-do", "zod" and Node's built-in modules are served as jiti
 * serves them; anything else a module imports (its own files, packages) goes to a jiti made for that
 * module, so only a module that imports no more than those runs without jiti.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import Module, { builtinModules, createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';
import type { Jiti } from 'jiti';
import { boundCacheDirectory, writeCacheFile } from '../cache-files.ts';

/** The compiled-module cache is kept within this size when an entry is written (its entries are small). */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;

/** Part of every entry's stamp: change it when what an entry holds or how it is run changes. */
const ENTRY_FORMAT = 'llm-do compiled module 1';

/** The modules the evaluator serves itself, by the names a module imports them by. */
export type VirtualModules = Readonly<Record<string, unknown>>;

/** Where the compiled code of one source file is kept, and the stamp that ties it to that source. */
export interface CompiledEntry {
  file: string;
  stamp: string;
  source: string;
}

/**
 * The entry for the TypeScript file `hostPath` in `cacheDir`, named and stamped by a hash of its path
 * and source (jiti writes `import.meta.url` into the code). Undefined for other kinds of files and
 * for a file that cannot be read (jiti reports that).
 */
export function compiledEntry(cacheDir: string, hostPath: string): CompiledEntry | undefined {
  if (!hostPath.endsWith('.ts')) return undefined;
  let source: string;
  try {
    source = readFileSync(hostPath, 'utf8');
  } catch {
    return undefined;
  }
  const stamp = createHash('sha256').update(ENTRY_FORMAT).update('\0').update(hostPath).update('\0').update(source).digest('hex');
  const name = basename(hostPath, '.ts').replace(/[^A-Za-z0-9_-]/g, '_');
  return { file: join(cacheDir, `${name}.${stamp.slice(0, 16)}.compiled.cjs`), stamp, source };
}

type CompiledFunction = (
  exports: unknown,
  require: NodeJS.Require,
  module: NodeJS.Module,
  filename: string,
  dirname: string,
  jitiImport: (id: string, options?: unknown) => Promise<unknown>,
  jitiESMResolve: (id: string, options?: unknown) => string,
) => Promise<void>;

/**
 * The entry's code, compiled; undefined when there is no entry, its stamp is not this source's (a
 * leftover or planted file), or it does not compile (a damaged file, which is removed).
 */
export function loadCompiled(entry: CompiledEntry, hostPath: string): CompiledFunction | undefined {
  let text: string;
  try {
    text = readFileSync(entry.file, 'utf8');
  } catch {
    return undefined;
  }
  const header = `// ${entry.stamp}\n`;
  if (!text.startsWith(header)) return undefined;
  try {
    // As jiti wraps it: the code starts on the wrapper's line, so its positions in stack traces are jiti's.
    const wrapper = `(async function (exports, require, module, __filename, __dirname, jitiImport, jitiESMResolve) { ${text.slice(header.length)}\n});`;
    return new vm.Script(wrapper, { filename: hostPath }).runInThisContext() as CompiledFunction;
  } catch {
    rmSync(entry.file, { force: true });
    return undefined;
  }
}

/**
 * Stores the code jiti compiled for the entry's source (atomically, private), then keeps the cache
 * directory, jiti's entries included, within its size; a cache that cannot be written is left as it is.
 */
export function saveCompiled(entry: CompiledEntry, code: string): void {
  if (writeCacheFile(entry.file, `// ${entry.stamp}\n${code}`)) boundCacheDirectory(dirname(entry.file), MAX_CACHE_BYTES);
}

/**
 * Runs a compiled module as jiti would and returns what jiti's `import` would: its exports through
 * {@link interopDefault}. `jitiFor(hostPath)` makes the jiti that loads what the module imports
 * beyond `virtualModules` and Node's own modules; it is called only then.
 */
export async function runCompiled(
  run: CompiledFunction,
  hostPath: string,
  virtualModules: VirtualModules,
  jitiFor: (hostPath: string) => Jiti,
): Promise<unknown> {
  let jiti: Jiti | undefined;
  const delegate = () => (jiti ??= jitiFor(hostPath));
  const nodeRequire = createRequire(hostPath);
  const isNodeModule = (id: string) => id.startsWith('node:') || builtinModules.includes(id);
  const require = ((id: string) => {
    if (isNodeModule(id)) return nodeRequire(id);
    if (Object.hasOwn(virtualModules, id)) return interopDefault(virtualModules[id]);
    return delegate()(id);
  }) as NodeJS.Require;
  const jitiImport = async (id: string, options?: unknown) => {
    if (isNodeModule(id)) return import(id);
    if (Object.hasOwn(virtualModules, id)) return interopDefault(virtualModules[id]);
    return delegate().import(id, options as Parameters<Jiti['import']>[1]);
  };
  const jitiESMResolve = (id: string, options?: unknown) => delegate().esmResolve(id, options as Parameters<Jiti['esmResolve']>[1]);

  const module = new Module(hostPath) as NodeJS.Module & { paths: string[] };
  module.filename = hostPath;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(hostPath));
  module.require = require;
  await run.call(module.exports, module.exports, require, module, hostPath, dirname(hostPath), jitiImport, jitiESMResolve);
  return interopDefault(module.exports);
}

/**
 * A module's namespace as jiti hands it out with `interopDefault`: names the module does not export
 * are looked up on its default export (functions bound to it), and `default` is the default export
 * (the namespace itself when there is none). The module loader's two paths must hand a tool module
 * the same value.
 */
export function interopDefault(namespace: unknown): unknown {
  if (namespace === null || (typeof namespace !== 'object' && typeof namespace !== 'function')) return namespace;
  const fallback = (namespace as { default?: unknown }).default;
  const hasDefault = fallback !== null && fallback !== undefined;
  if (!hasDefault && namespace instanceof Promise) return namespace;
  const lookedUp =
    hasDefault && (typeof fallback === 'object' || typeof fallback === 'function') && !(fallback instanceof Promise)
      ? (fallback as Record<PropertyKey, unknown>)
      : undefined;
  const values = new Map<PropertyKey, unknown>();
  return new Proxy(namespace, {
    get(target, key) {
      if (values.has(key)) return values.get(key);
      let value: unknown;
      if (key === '__esModule') value = true;
      else if (key === 'default') value = defaultOf(namespace as { __esModule?: unknown }, fallback, hasDefault);
      else if (key in target) value = (target as Record<PropertyKey, unknown>)[key];
      else if (lookedUp) {
        value = lookedUp[key];
        if (typeof value === 'function') value = value.bind(lookedUp);
      }
      values.set(key, value);
      return value;
    },
  });
}

/** `default` of an interop namespace: the default export, unwrapped once more for a transpiled module's `default.default` function. */
function defaultOf(namespace: { __esModule?: unknown }, fallback: unknown, hasDefault: boolean): unknown {
  if (!hasDefault) return namespace;
  const inner = (fallback as { default?: unknown }).default;
  return typeof inner === 'function' && namespace.__esModule ? inner : fallback;
}
