/**
 * Loads a TS/JS module (tool modules, `schemas.ts`) at run time without a build step, through jiti's
 * public API (docs/decisions.md, "Module loading"). Inside such a module, `import ... from "llm-do"`
 * and `"zod"` resolve to the running llm-do's own module instances (not a copy, not the project's
 * own install), so a project needs no install and a `defineTool` value or zod schema it exports is
 * the very kind llm-do expects. The loader cannot import llm-do's entry, which sits above it: the
 * surface that loads projects hands it the API (`provideLlmDoApi`).
 */
import { createRequire } from 'node:module';
import type { createJiti, Jiti, TransformOptions, TransformResult } from 'jiti';

/** Loads the running llm-do's public API, the namespace of its entry (src/index.ts). */
export type LoadLlmDoApi = () => Promise<object>;

/**
 * Compiles a module somewhere else, with the compiled-module cache `cacheDir`, and answers what
 * jiti's compiler would, or undefined to have it compiled in this process (`cacheCompiledModules`).
 */
export type CompileElsewhere = (options: TransformOptions, cacheDir: string) => TransformResult | undefined;

let loadApi: LoadLlmDoApi | undefined;
let compiledCacheDir: (() => string | undefined) | undefined;
let compileElsewhere: CompileElsewhere | undefined;
/** What `compiledCacheDir()` named when first asked (asked once: it prepares the directory); false: no cache. */
let fsCache: string | false | undefined;
let jiti: Promise<Jiti> | undefined;

/**
 * Says what a module's `import ... from "llm-do"` gets: each surface that loads projects (the
 * library entry, the CLI, `llm-do/testing`) passes a lazy import of llm-do's entry, so the entry is
 * loaded only when the first project module is. Call it before the first import.
 */
export function provideLlmDoApi(load: LoadLlmDoApi): void {
  loadApi = load;
  jiti = undefined;
}

/**
 * Keeps compiled modules in the directory `dir()` names when the first module is imported: jiti's
 * own file cache (`fsCache`), one file per module, used only for the exact source it was compiled
 * from. The CLI passes `$LLM_DO_HOME/cache/tool-modules`, prepared by `src/cli/module-cache.ts`
 * (ours, mode 0700; undefined: no cache). A hit skips loading jiti's compiler, ~350 ms of the first
 * tool module load (docs/performance.md). Call it before the first import; without it nothing is
 * cached. `compile`, when given, is asked to compile each module the cache misses, so that jiti's
 * compiler need not be loaded into this process (the CLI compiles in a child process, which fills
 * the cache for the module's whole closure at once: docs/performance.md, "Memory").
 */
export function cacheCompiledModules(dir: () => string | undefined, compile?: CompileElsewhere): void {
  compiledCacheDir = dir;
  compileElsewhere = compile;
  fsCache = undefined;
  jiti = undefined;
}

/** The specifiers a project's module gets from the loader itself, never by resolving them. */
export const PROVIDED_MODULES: readonly string[] = ['llm-do', 'zod', 'zod/v4'];

/** The modules a project's module gets in place of resolving them: this process's own instances. */
async function providedModules(): Promise<Record<string, unknown>> {
  if (!loadApi) throw new Error("the module loader was given no llm-do API (provideLlmDoApi): load projects through llm-do's entry");
  const [api, zod] = await Promise.all([loadApi(), import('zod')]);
  return { 'llm-do': api, zod, 'zod/v4': zod };
}

/**
 * A jiti for modules imported from `parent` (a file or URL), with the options every use of it
 * shares, so that compiling for a load and reading for a closure (module-closure.ts) use the same
 * cache entries. The cache directory is asked for once per process.
 */
export function createModuleJiti(parent: string, options: { virtualModules?: Record<string, unknown> } = {}): Jiti {
  fsCache ??= compiledCacheDir?.() ?? false;
  const cacheDir = fsCache;
  const compile = compileElsewhere;
  return requireJiti()(parent, {
    ...options,
    // Re-read on every import, so an edited tool module is picked up by the next run of a session.
    moduleCache: false,
    fsCache,
    interopDefault: true,
    // Asked only on a cache miss; jiti's own compiler when the other place cannot answer.
    ...(cacheDir && compile ? { transform: (transform: TransformOptions) => compile(transform, cacheDir) ?? { code: compileHere(parent, transform) } } : {}),
  });
}

/**
 * Compiles a module with jiti's own compiler in this process, without the cache (what a
 * {@link CompileElsewhere} answers, and what is done when it cannot).
 */
export function compileHere(parent: string, options: TransformOptions): string {
  return requireJiti()(parent, { fsCache: false, moduleCache: false, interopDefault: true }).transform(options);
}

/**
 * jiti's `createJiti`, loaded at first use: jiti costs start-up that a project without tool modules
 * should not pay (bench/RESULTS.md, cold start). Required, not imported: jiti is CommonJS, and
 * importing it makes Node scan its 190 KB for export names first (cjs-module-lexer, ~10 ms).
 */
function requireJiti(): typeof createJiti {
  return (createRequire(import.meta.url)('jiti') as { createJiti: typeof createJiti }).createJiti;
}

async function createLoader(): Promise<Jiti> {
  return createModuleJiti(import.meta.url, { virtualModules: await providedModules() });
}

/** Imports a module by absolute host path and returns its namespace object. Load errors are thrown as is. */
export async function importModule(hostPath: string): Promise<Record<string, unknown>> {
  const loader = await (jiti ??= createLoader());
  return ((await loader.import(hostPath)) ?? {}) as Record<string, unknown>;
}
