/**
 * Loads a TS/JS module (tool modules, `schemas.ts`) at run time without a build step, through jiti.
 * Inside such a module, `import ... from "llm-do"` and `"zod"` resolve to the running llm-do's own
 * module instances (not a copy, not the project's own install), so a project needs no install and a
 * `defineTool` value or zod schema it exports is the very kind llm-do expects.
 */
import { createRequire } from 'node:module';
import type { createJiti } from 'jiti';

type Jiti = ReturnType<typeof createJiti>;
let jiti: Promise<Jiti> | undefined;
let compiledCacheDir: (() => string | undefined) | undefined;

/**
 * Keeps compiled modules in the directory `dir()` names when the first module is imported (the CLI
 * passes `$LLM_DO_HOME/cache/tool-modules`, prepared by `src/cli/module-cache.ts`: ours, mode 0700;
 * undefined: no cache). Each file's compiled code is stored under its path and
 * stamped with a hash of its source, so an edited module or dependency is compiled again and a
 * cached file is used only for the exact source it came from. A hit skips loading jiti's compiler,
 * ~350 ms of the first tool module load (docs/decisions.md, compiled tool modules). Call it before
 * the first import; without it nothing is cached.
 */
export function cacheCompiledModules(dir: () => string | undefined): void {
  compiledCacheDir = dir;
}

async function createLoader(): Promise<Jiti> {
  // Loaded lazily: the package entry (indirectly) imports this file, the CLI's entry imports it
  // (cacheCompiledModules), and jiti costs ~40 ms of start-up that a project without tool modules
  // should not pay (bench/RESULTS.md, cold start). Required, not imported: jiti is CommonJS, and
  // importing it makes Node scan its 190 KB for export names first (cjs-module-lexer, ~10 ms).
  const { createJiti } = createRequire(import.meta.url)('jiti') as typeof import('jiti');
  const [llmDo, zod]: [unknown, typeof import('zod')] = await Promise.all([import('../index.ts'), import('zod')]);
  return createJiti(import.meta.url, {
    virtualModules: { 'llm-do': llmDo, zod, 'zod/v4': zod },
    // Re-read on every import, so an edited tool module is picked up by the next run of a session.
    moduleCache: false,
    fsCache: compiledCacheDir?.() ?? false,
    interopDefault: true,
  });
}

/** Imports a module by absolute host path and returns its namespace object. Load errors are thrown as is. */
export async function importModule(hostPath: string): Promise<Record<string, unknown>> {
  jiti ??= createLoader();
  const namespace = await (await jiti).import(hostPath);
  return (namespace ?? {}) as Record<string, unknown>;
}
