// src/worker/module-loader.ts
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
function cacheCompiledModules(dir) {
	compiledCacheDir = dir;
}
async function createLoader() {
	const [llmDo, { createJiti }, zod] = await Promise.all([
		import("./src-B4SMCwxy.js"),
		import("jiti"),
		import("./zod-SgDqGHdu.js")
	]);
	return createJiti(import.meta.url, {
		virtualModules: {
			"llm-do": llmDo,
			zod,
			"zod/v4": zod
		},
		moduleCache: false,
		fsCache: compiledCacheDir?.() ?? false,
		interopDefault: true
	});
}
/** Imports a module by absolute host path and returns its namespace object. Load errors are thrown as is. */
async function importModule(hostPath) {
	jiti ??= createLoader();
	return await (await jiti).import(hostPath) ?? {};
}
export { importModule as n, cacheCompiledModules as t };
