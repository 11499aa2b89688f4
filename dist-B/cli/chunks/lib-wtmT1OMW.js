import { o as installedLibrariesDir } from "./load-project-D2lg0gTi.js";
import { i as removeLibrary, n as libraryInfo, r as listLibraries, t as installLibrary } from "./library-store-BcCbXY2y.js";
import { t as createNodeFileSystem } from "./node-file-system-B04V6Vr6.js";
import { a as printLine, c as terminalSafeJson, i as printError } from "./exit-codes-DFAtt0Sv.js";
import { n as reportProblems } from "./check-C1K7YiKh.js";
import { resolve } from "node:path";
// src/cli/commands/lib.ts
/** `llm-do lib install PATH | list | remove NAME[@VER] | info NAME`: installed libraries (~/.llm-do/libs). */
function storeOptions(io) {
	return {
		fs: createNodeFileSystem(),
		homeDir: io.homeDir,
		env: io.env
	};
}
async function guarded(io, body, json = false) {
	try {
		await body();
		return 0;
	} catch (error) {
		return reportProblems(error, io, json);
	}
}
/** Validates the library at `path` and copies it to `~/.llm-do/libs/NAME@VERSION/`. */
function runLibInstall(path, io) {
	return guarded(io, async () => {
		const library = await installLibrary(storeOptions(io), resolve(io.cwd, path));
		printLine(io, `installed ${library.name}@${library.version} to ${library.root}`);
	});
}
/** Lists installed libraries: a table, or with `json` an array of `{name, version, description, path, exports, dependencies}`. */
function runLibList(options, io) {
	return guarded(io, async () => {
		const libraries = await listLibraries(storeOptions(io));
		if (options.json) {
			const rows = libraries.map((library) => ({
				name: library.name,
				version: library.version,
				description: library.description ?? null,
				path: library.root,
				exports: library.manifest.exports ?? null,
				dependencies: library.manifest.dependencies ?? []
			}));
			printLine(io, terminalSafeJson(rows, 2));
			return;
		}
		if (libraries.length === 0) {
			printError(io, `no libraries installed in ${installedLibrariesDir(io.homeDir)}`);
			return;
		}
		const width = Math.max(...libraries.map((library) => `${library.name}@${library.version}`.length));
		for (const library of libraries) printLine(io, `${`${library.name}@${library.version}`.padEnd(width)}  ${library.description ?? ""}`.trimEnd());
	}, options.json);
}
/** Removes `NAME@VERSION`, or every installed version of `NAME`. */
function runLibRemove(spec, io) {
	return guarded(io, async () => {
		for (const library of await removeLibrary(storeOptions(io), spec)) printLine(io, `removed ${library.name}@${library.version}`);
	});
}
/** Shows every installed version of a library: description, path, exports, dependencies, workers. */
function runLibInfo(name, io) {
	return guarded(io, async () => {
		(await libraryInfo(storeOptions(io), name)).forEach((library, index) => {
			if (index > 0) printLine(io);
			printLine(io, `${library.name}@${library.version}`);
			if (library.description) printLine(io, `  description:  ${library.description}`);
			printLine(io, `  path:         ${library.root}`);
			printLine(io, `  exports:      ${library.manifest.exports ? library.manifest.exports.join(", ") || "(none)" : "(all workers)"}`);
			printLine(io, `  dependencies: ${(library.manifest.dependencies ?? []).join(", ") || "(none)"}`);
			printLine(io, `  workers:      ${library.workers.join(", ") || "(none)"}`);
		});
	});
}
export { runLibInfo, runLibInstall, runLibList, runLibRemove };
