/**
 * Keeps compiled modules in the directory `dir()` names when the first module is imported (the CLI
 * passes `$LLM_DO_HOME/cache/tool-modules`, prepared by `src/cli/module-cache.ts`: ours, mode 0700;
 * undefined: no cache). Each file's compiled code is stored under its path and
 * stamped with a hash of its source, so an edited module or dependency is compiled again and a
 * cached file is used only for the exact source it came from. A hit skips loading jiti's compiler,
 * ~350 ms of the first tool module load (docs/decisions.md, compiled tool modules). Call it before
 * the first import; without it nothing is cached.
 */
export declare function cacheCompiledModules(dir: () => string | undefined): void;
/** Imports a module by absolute host path and returns its namespace object. Load errors are thrown as is. */
export declare function importModule(hostPath: string): Promise<Record<string, unknown>>;
