let jiti;
let compiledCacheDir;
/**
 * Keeps compiled modules in the directory `dir()` names when the first module is imported (the CLI
 * passes `$LLM_DO_HOME/cache/tool-modules`, prepared by `src/cli/module-cache.ts`: ours, mode 0700;
 * undefined: no cache). Each file's compiled code is stored under its path and
 * stamped with a hash of its source, so an edited module or dependency is compiled again and a
 * cached file is used only for the exact source it came from. A hit skips loading jiti's compiler,
 * ~350 ms of the first tool module load (docs/decisions.md, compiled tool modules). Call it before
 * the first import; without it nothing is cached.
 */
export function cacheCompiledModules(dir) {
    compiledCacheDir = dir;
}
async function createLoader() {
    // Imported lazily: the package entry (indirectly) imports this file, the CLI's entry imports it
    // (cacheCompiledModules), and jiti costs ~40 ms of start-up that a project without tool modules
    // should not pay (bench/RESULTS.md, cold start).
    const [llmDo, { createJiti }, zod] = await Promise.all([
        import("../index.js"),
        import('jiti'),
        import('zod'),
    ]);
    return createJiti(import.meta.url, {
        virtualModules: { 'llm-do': llmDo, zod, 'zod/v4': zod },
        // Re-read on every import, so an edited tool module is picked up by the next run of a session.
        moduleCache: false,
        fsCache: compiledCacheDir?.() ?? false,
        interopDefault: true,
    });
}
/** Imports a module by absolute host path and returns its namespace object. Load errors are thrown as is. */
export async function importModule(hostPath) {
    jiti ??= createLoader();
    const namespace = await (await jiti).import(hostPath);
    return (namespace ?? {});
}
