import { o as ProjectError } from "./errors-C1ynlXzT.js";
import { i as formatDiagnostic, r as diagnosticsFromError, t as checkProject } from "./check-BV96Cwpx.js";
import { a as printLine, c as terminalSafeJson, i as printError, n as reportError, r as reportJsonError } from "./exit-codes-DFAtt0Sv.js";
import { a as openRunTarget } from "./run-setup-agjc7vSa.js";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
// src/cli/check-threads.ts
/**
* `check` on more than one core: helpers (`CheckHelper`, `src/project/check-chunks.ts`) that take
* chunks of a large project's workers in worker threads. A thread opens the project again from the
* options it was opened with (on the Node file system, which is what the CLI uses), so only plain
* data crosses between threads: the options and the shared work go in, each chunk's diagnostics
* come back.
*/
/** More threads than this gain little: the main thread's scan and merge stay serial. */
const MAX_THREADS = 3;
/**
* One helper per spare core (none on one core), for a check that imports no project code (with
* `--import-tools` each thread would compile the tool modules again). `entry` is the URL of the
* built `check-thread.js`; `project` must have been opened on the Node file system. `debug` is told
* how many chunks each thread checked, or why it failed (its chunks are then checked by the caller).
*/
function threadCheckHelpers(project, entry, debug) {
	const { fs: _fs, ...options } = project.options;
	const count = Math.min(MAX_THREADS, availableParallelism() - 1);
	return Array.from({ length: count }, (_, index) => async (work, done) => {
		const name = `check thread ${index + 1}`;
		try {
			const chunks = await checkInThread(entry, {
				options,
				work
			}, done);
			debug?.(`${name} checked ${chunks} of ${work.chunks.length} chunks`);
		} catch (error) {
			debug?.(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
			throw error;
		}
	});
}
/** Resolves to the number of chunks the thread checked. */
function checkInThread(entry, data, done) {
	return new Promise((resolve, reject) => {
		let chunks = 0;
		const thread = new Worker(entry, { workerData: data });
		thread.on("message", (message) => {
			if (message === null) return resolve(chunks);
			chunks += 1;
			done(message.chunk, message.diagnostics);
		});
		thread.once("error", reject);
		thread.once("exit", (code) => reject(/* @__PURE__ */ new Error(`it exited with code ${code} before finishing`)));
	});
}
// src/cli/commands/check.ts
/** `llm-do check [DIR]`: validate everything, print every problem, exit 0 (no errors) or 2. */
/** The helper threads' entry: beside this module's directory both in `dist/cli/` as compiled and in the bundle (`dist/cli/chunks/`). */
const CHECK_THREAD_ENTRY = new URL("../check-thread.js", import.meta.url);
/**
* Finds and loads the project a `check`/`list` command names: `--project`, else DIR (default `.`,
* where `LLM_DO_PROJECT` applies). Library paths resolve against the working directory.
*/
async function loadCommandProject(options, io) {
	const dirGiven = options.dir !== void 0 && options.dir !== ".";
	const scopedIO = dirGiven ? {
		...io,
		env: {
			...io.env,
			LLM_DO_PROJECT: void 0
		}
	} : io;
	const { project } = await openRunTarget(dirGiven ? options.dir : void 0, {
		project: options.project,
		lib: options.lib
	}, scopedIO);
	return project;
}
/**
* Prints every problem a ProjectError carries (one per line on stderr) and returns its exit code;
* other errors go through `reportError`. With `json`, the error is the JSON answer on stdout.
*/
function reportProblems(error, io, json = false) {
	if (json) return reportJsonError(error, io);
	if (!ProjectError.isInstance(error) || error.problems.length < 2) return reportError(error, io);
	for (const problem of error.problems) printError(io, `llm-do: ${problem.message}`);
	return 2;
}
/** Runs `check`: problems on stdout (`path:line:col: message`), a summary line on stderr. */
async function runCheck(options, io) {
	let diagnostics;
	let workers = 0;
	try {
		const project = await loadCommandProject(options, io);
		const importTools = options.importTools === true;
		const debug = io.env.LLM_DO_DEBUG === "1" ? (message) => printError(io, `debug: ${message}`) : void 0;
		const helpers = importTools ? [] : threadCheckHelpers(project, CHECK_THREAD_ENTRY, debug);
		diagnostics = await checkProject(project, {
			importTools,
			helpers
		});
		workers = (await project.scanWorkers()).length;
	} catch (error) {
		if (!ProjectError.isInstance(error)) return options.json ? reportJsonError(error, io) : reportError(error, io);
		diagnostics = diagnosticsFromError(error);
	}
	const count = (severity) => diagnostics.filter((diagnostic) => diagnostic.severity === severity).length;
	const [errors, warnings, notes] = [
		count("error"),
		count("warning"),
		count("info")
	];
	if (options.json) printLine(io, terminalSafeJson({
		ok: errors === 0,
		workers,
		errors,
		warnings,
		diagnostics
	}, 2));
	else for (const diagnostic of diagnostics) printLine(io, formatDiagnostic(diagnostic));
	const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
	const unverified = notes === 0 ? "" : `; ${plural(notes, "note")} on what only --import-tools verifies`;
	const summary = `${plural(errors, "error")}, ${plural(warnings, "warning")} (${plural(workers, "worker")} checked${unverified})`;
	printError(io, errors === 0 ? `check passed: ${summary}` : `check failed: ${summary}`);
	return errors === 0 ? 0 : 2;
}
export { reportProblems as n, runCheck as r, loadCommandProject as t };
