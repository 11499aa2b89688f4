/**
 * Loads a TS/JS module (tool modules, `schemas.ts`) at run time without a build step, through jiti.
 * Inside such a module, `import ... from "llm-do"` and `"zod"` resolve to the running llm-do's own
 * module instances (not a copy, not the project's own install), so a project needs no install and a
 * `defineTool` value or zod schema it exports is the very kind llm-do expects.
 */
import { createRequire } from 'node:module';
import type { createJiti, Jiti } from 'jiti';
import { compiledEntry, loadCompiled, runCompiled, saveCompiled, type VirtualModules } from './compiled-modules.ts';

let virtualModules: Promise<VirtualModules> | undefined;
let jiti: Promise<Jiti> | undefined;
let compiledCacheDir: (() => string | undefined) | undefined;
/** What `compiledCacheDir()` named at the first import: asked once, it prepares the directory. */
let cacheDirectory: { dir: string | undefined } | undefined;

/**
 * Keeps compiled modules in the directory `dir()` names when the first module is imported (the CLI
 * passes `$LLM_DO_HOME/cache/tool-modules`, prepared by `src/cli/module-cache.ts`: ours, mode 0700;
 * undefined: no cache). Each file's compiled code is stored under its path and
 * stamped with a hash of its source, so an edited module or dependency is compiled again and a
 * cached file is used only for the exact source it came from. A hit skips loading jiti's compiler,
 * ~350 ms of the first tool module load (docs/decisions.md, compiled tool modules), and a `.ts`
 * module that imports only "llm-do", "zod" and Node's modules runs without loading jiti at all
 * (compiled-modules.ts). Call it before the first import; without it nothing is cached.
 */
export function cacheCompiledModules(dir: () => string | undefined): void {
  compiledCacheDir = dir;
  cacheDirectory = undefined;
}

function cacheDir(): string | undefined {
  return (cacheDirectory ??= { dir: compiledCacheDir?.() }).dir;
}

/** "llm-do" and "zod" as a module imports them: this process's own instances. */
function loadVirtualModules(): Promise<VirtualModules> {
  // Loaded lazily: the package entry (indirectly) imports this file.
  return (virtualModules ??= Promise.all([import('../index.ts'), import('zod')]).then(([llmDo, zod]) => ({ 'llm-do': llmDo, zod, 'zod/v4': zod })));
}

/** A jiti that resolves imports from `parent` (a file or URL) and serves `modules` for "llm-do" and "zod". */
function jitiFrom(parent: string, modules: VirtualModules): Jiti {
  // Loaded lazily: jiti costs ~40 ms of start-up that a project without tool modules should not pay
  // (bench/RESULTS.md, cold start). Required, not imported: jiti is CommonJS, and importing it makes
  // Node scan its 190 KB for export names first (cjs-module-lexer, ~10 ms).
  const load = createRequire(import.meta.url)('jiti') as { createJiti: typeof createJiti };
  return load.createJiti(parent, {
    virtualModules: { ...modules },
    // Re-read on every import, so an edited tool module is picked up by the next run of a session.
    moduleCache: false,
    fsCache: cacheDir() ?? false,
    interopDefault: true,
  });
}

/** Imports a module by absolute host path and returns its namespace object. Load errors are thrown as is. */
export async function importModule(hostPath: string): Promise<Record<string, unknown>> {
  const dir = cacheDir();
  const entry = dir ? compiledEntry(dir, hostPath) : undefined;
  const compiled = entry && loadCompiled(entry, hostPath);
  if (compiled) {
    const modules = await loadVirtualModules();
    return ((await runCompiled(compiled, hostPath, modules, (parent) => jitiFrom(parent, modules))) ?? {}) as Record<string, unknown>;
  }
  jiti ??= loadVirtualModules().then((modules) => jitiFrom(import.meta.url, modules));
  const loader = await jiti;
  const namespace = await loader.import(hostPath);
  // The code jiti ran, from its own cache: stored for runs that need no jiti (an error above stores nothing).
  if (entry) saveCompiled(entry, loader.transform({ source: entry.source, filename: hostPath, ts: true, async: true }));
  return (namespace ?? {}) as Record<string, unknown>;
}
