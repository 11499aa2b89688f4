import { d as formatLocated, o as ProjectError } from "./errors-C1ynlXzT.js";
import { n as planWorker, t as importPlannedCode } from "./worker-plan-Q2Du1hl8.js";
import { h as duplicateIds, l as checkPassView, m as ambiguityError } from "./load-project-D2lg0gTi.js";
// src/project/diagnostics.ts
/** Problems found by `check`, in a form the CLI prints as `file:line:col: message`. */
/** Every problem an error carries (`ProjectError.problems`); any other error becomes one diagnostic. */
function diagnosticsFromError(error, fallbackFile) {
	if (ProjectError.isInstance(error)) return error.problems.map((problem) => {
		const diagnostic = {
			severity: "error",
			message: problem.detail
		};
		const file = problem.location.file ?? fallbackFile;
		if (file !== void 0) diagnostic.file = file;
		if (problem.location.line !== void 0) diagnostic.line = problem.location.line;
		if (problem.location.column !== void 0) diagnostic.column = problem.location.column;
		return diagnostic;
	});
	const message = error instanceof Error ? error.message : String(error);
	return [fallbackFile === void 0 ? {
		severity: "error",
		message
	} : {
		severity: "error",
		file: fallbackFile,
		message
	}];
}
const PREFIXES = {
	error: "",
	warning: "warning: ",
	info: "note: "
};
/** `file:line:col: message` (a warning's message starts with `warning: `, a note's with `note: `). */
function formatDiagnostic(diagnostic) {
	const message = PREFIXES[diagnostic.severity] + diagnostic.message;
	return formatLocated({
		file: diagnostic.file,
		line: diagnostic.line,
		column: diagnostic.column
	}, message);
}
/** Drops repeats (the same problem reached through two references), keeping the first. */
function uniqueDiagnostics(diagnostics) {
	const seen = /* @__PURE__ */ new Set();
	return diagnostics.filter((diagnostic) => {
		const key = `${diagnostic.severity}\u0000${formatDiagnostic(diagnostic)}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
// src/project/check-worker.ts
/**
* The checks `check` runs on one loaded worker: exactly the plan a run makes (`worker-plan.ts`), its
* problems as diagnostics. A worker with no model anywhere is only a warning (`run --model` may
* supply one). Project code (schema modules, tool modules) is imported only with `--import-tools`;
* otherwise what it would have verified is listed as notes.
*/
/** Every problem of `worker` beyond parsing it. */
async function checkWorker(project, worker, options) {
	const { plan, problems, warnings } = await planWorker(project, worker, { env: project.options.env ?? {} });
	const diagnostics = [...problems.flatMap((problem) => withSeverity(problem, problem.code === "no-model" ? "warning" : "error", worker)), ...warnings.flatMap((warning) => withSeverity(warning, "warning", worker))];
	if (problems.length > 0) return diagnostics;
	if (!options.importTools) return [...diagnostics, ...notVerified(plan)];
	try {
		await importPlannedCode(project, plan);
	} catch (error) {
		if (!ProjectError.isInstance(error)) throw error;
		diagnostics.push(...diagnosticsFromError(error, worker.displayPath));
	}
	return diagnostics;
}
function withSeverity(problem, severity, worker) {
	return diagnosticsFromError(problem, worker.displayPath).map((diagnostic) => ({
		...diagnostic,
		severity
	}));
}
/** Notes naming what only imported code could verify. */
function notVerified(plan) {
	const { definition } = plan;
	const note = (message) => ({
		severity: "info",
		file: definition.displayPath,
		message: `${message} (check runs no project code; pass --import-tools to verify)`
	});
	const notes = Object.entries(plan.schemas).flatMap(([field, located]) => "module" in located ? [note(`${field} "${located.module.ref}" is a module export: not loaded`)] : []);
	const custom = definition.config.toolsets?.custom || void 0;
	if (custom && plan.toolModules.length > 0) {
		const modules = plan.toolModules.map((module) => module.displayPath).join(", ");
		const what = custom.tools ? "the tool names in toolsets.custom.tools are not verified" : "their tools are not verified";
		notes.push(note(`tool modules ${modules} are not imported: ${what}`));
	}
	return notes;
}
// src/project/check-chunks.ts
/**
* Checking the scanned workers of a project, here or shared with helpers (other threads): the
* workers are cut into chunks, and each checker takes the next chunk from a counter they share
* until none is left, so a checker that meets slow workers simply takes fewer chunks. Each chunk's
* diagnostics are put back in scan order, so the result is the same as checking every worker here.
*/
/**
* Workers checked at once. Enough to overlap file reads of an asynchronous file system; more only
* keeps more half-checked workers in memory (all 20,000 of a large project at once took 740 MB and
* a fifth of the time in garbage collection).
*/
const WORKERS_AT_ONCE = 64;
/** Fewest workers worth helpers: starting a thread and loading the code there costs about what checking hundreds of workers does. */
const MIN_WORKERS_FOR_HELPERS = 1e3;
/** Workers per chunk: small enough that the checkers end close together, large enough that taking one costs nothing. */
const CHUNK_SIZE = 200;
/** Of the scanned workers, those `check` checks one by one: all but the ones sharing an id (reported once, as ambiguous). */
function checkedEntries(scanned) {
	const ambiguous = duplicateIds(scanned);
	return ambiguous.size === 0 ? [...scanned] : scanned.filter((entry) => !ambiguous.has(entry.id));
}
/**
* Each of `entries`' diagnostics, in order, shared with `helpers` when there are enough workers.
* `project` is already a check pass view.
*/
async function checkEntriesShared(project, scanned, entries, options, helpers) {
	if (helpers.length === 0 || entries.length < MIN_WORKERS_FOR_HELPERS) return checkEntries(project, entries, options);
	const work = {
		scanned,
		chunks: chunkRanges(entries, project.entryId),
		next: new Int32Array(new SharedArrayBuffer(4))
	};
	const results = new Array(work.chunks.length);
	const done = (chunk, diagnostics) => {
		const [start, end] = work.chunks[chunk] ?? [0, -1];
		if (diagnostics.length === end - start) results[chunk] = diagnostics;
	};
	const helping = helpers.map((helper) => helper(work, done).catch(() => void 0));
	await takeChunks(project, entries, work, options, done);
	await Promise.all(helping);
	const all = new Array(entries.length);
	for (const [chunk, [start, end]] of work.chunks.entries()) {
		const diagnostics = results[chunk] ?? await checkEntries(project, entries.slice(start, end), options);
		for (let index = start; index < end; index++) all[index] = diagnostics[index - start];
	}
	return all;
}
/**
* What a helper runs: takes chunks of `work` until none is left, checking them on `project` seen as
* one snapshot (like `checkProject`) whose scan is `work.scanned`.
*/
function checkChunks(project, work, options, done) {
	return takeChunks(checkPassView(project, work.scanned), checkedEntries(work.scanned), work, options, done);
}
async function takeChunks(project, entries, work, options, done) {
	for (let chunk = Atomics.add(work.next, 0, 1); chunk < work.chunks.length; chunk = Atomics.add(work.next, 0, 1)) {
		const [start, end] = work.chunks[chunk];
		done(chunk, await checkEntries(project, entries.slice(start, end), options));
	}
}
/**
* Chunks of `entries`, the entry worker's own first: it usually delegates to most others, and
* checking it loads them all, so it is best started before the rest than met at the end.
*/
function chunkRanges(entries, entryId) {
	const first = entries.findIndex((entry) => entry.id === entryId);
	const ranges = first >= 0 ? [[first, first + 1]] : [];
	const cut = (from, to) => {
		for (let start = from; start < to; start += CHUNK_SIZE) ranges.push([start, Math.min(start + CHUNK_SIZE, to)]);
	};
	if (first >= 0) {
		cut(0, first);
		cut(first + 1, entries.length);
	} else cut(0, entries.length);
	return ranges;
}
/** Each entry's diagnostics, in order; `project` is already a check pass view. */
function checkEntries(project, entries, options) {
	return mapConcurrently(entries, WORKERS_AT_ONCE, (entry) => checkEntry(project, entry, options));
}
/** `work` on every item, at most `limit` at a time; results in item order. */
async function mapConcurrently(items, limit, work) {
	const results = new Array(items.length);
	let next = 0;
	const lane = async () => {
		for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]);
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
	return results;
}
async function checkEntry(project, entry, options) {
	try {
		return await checkWorker(project, await project.loadWorker(`./${entry.file.slice(project.root.length + 1)}`), options);
	} catch (error) {
		return diagnosticsFromError(error, entry.displayPath);
	}
}
// src/project/check.ts
/**
* `checkProject`: loads and validates everything a run could need and collects every problem:
* each scanned worker parses and its name equals its id, ids are unambiguous, and each worker's
* plan (the run's own preparation: references, allowed workers, schemas, templates, tool module
* policy, model configuration) has no problem; the entry worker and library exports exist. It runs
* no project code unless `importTools` is set. The project is read as one snapshot
* (`snapshot-file-system.ts`): a file every worker includes is read once, not once per worker.
*/
const SEVERITY_ORDER = [
	"error",
	"warning",
	"info"
];
/** Every problem of the project (errors first in file order, then warnings, then notes); empty when all is well. */
async function checkProject(opened, options = {}) {
	const project = checkPassView(opened);
	let entries;
	try {
		entries = await project.scanWorkers();
	} catch (error) {
		return diagnosticsFromError(error, project.manifestFile);
	}
	const duplicates = [...duplicateIds(entries)].map(([id, paths]) => ambiguityError(id, paths));
	const perWorker = await checkEntriesShared(project, entries, checkedEntries(entries), options, options.helpers ?? []);
	const projectLevel = await Promise.all([checkEntryWorker(project, entries), checkLibraries(project, options)]);
	const all = uniqueDiagnostics([
		...duplicates.flatMap((error) => diagnosticsFromError(error)),
		...perWorker.flat(),
		...projectLevel.flat()
	]);
	return SEVERITY_ORDER.flatMap((severity) => all.filter((diagnostic) => diagnostic.severity === severity));
}
/** The entry worker must exist, except for a library checked in place (it needs no `main`). */
async function checkEntryWorker(project, entries) {
	const isLibrary = project.manifestFile === "lib.yaml";
	if (entries.some((entry) => entry.id === project.entryId) || isLibrary && project.manifest?.entry === void 0) return [];
	try {
		await project.loadWorker(project.entryId);
		return [];
	} catch (error) {
		return diagnosticsFromError(error, project.manifestFile);
	}
}
/** A library checked in place must export workers it has; every dependency's exports must load. */
async function checkLibraries(project, options) {
	const refs = [...project.manifestFile === "lib.yaml" ? project.manifest?.exports ?? [] : [], ...project.libraries.flatMap((library) => (library.manifest.exports ?? []).map((id) => `${library.name}:${id}`))];
	return (await Promise.all(refs.map(async (ref) => {
		try {
			const worker = await project.loadWorker(ref);
			return ref.includes(":") ? await checkWorker(project, worker, options) : [];
		} catch (error) {
			return diagnosticsFromError(error, ref.includes(":") ? void 0 : project.manifestFile);
		}
	}))).flat();
}
export { formatDiagnostic as i, checkChunks as n, diagnosticsFromError as r, checkProject as t };
