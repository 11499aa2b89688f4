import { u as UsageError } from "./errors-C1ynlXzT.js";
import { a as printLine, c as terminalSafeJson, n as reportError, r as reportJsonError } from "./exit-codes-DFAtt0Sv.js";
import { o as runLogPath } from "./run-setup-DRscgMAM.js";
import { n as formatRunList, r as formatSearch, t as formatRunDetail } from "./runs-view-CoGT_KAa.js";
// src/cli/commands/runs.ts
/**
* `llm-do runs`: the run log (SPEC §16). `runs` lists recorded runs, `runs show RUN|last` draws one
* with its call tree (`--prompts`: what each model was sent), `runs search TEXT` searches what was
* recorded, `runs rm` deletes runs. A run is named by a unique prefix of its id. `--json` prints one
* JSON object.
*/
const DEFAULT_LIMIT = 20;
/**
* Opens the log, settles runs whose process died, runs `task`, and prints its answer; errors are
* reported as text, or with `--json` as one object with `fields` given their empty values.
*/
async function withRunLog(io, json, fields, task) {
	let db;
	try {
		const store = await import("./store-V7We3r7O.js");
		db = store.openRunDatabase(runLogPath(io));
		store.settleAbandonedRuns(db);
		const answer = task(db, store);
		printLine(io, json ? terminalSafeJson(answer, 2) : answer);
		return 0;
	} catch (error) {
		return json ? reportJsonError(error, io, fields) : reportError(error, io);
	} finally {
		db?.close();
	}
}
function positiveInt(flag, value, fallback) {
	if (value === void 0) return fallback;
	const number = Number(value);
	if (!/^\d+$/.test(value) || number < 1 || !Number.isSafeInteger(number)) throw new UsageError(`${flag} expects a whole number ≥ 1, got "${value}"`);
	return number;
}
function runRunsList(options, io) {
	return withRunLog(io, options.json, { runs: [] }, (db, store) => {
		const limit = positiveInt("--limit", options.limit, DEFAULT_LIMIT);
		const status = options.status;
		if (status !== void 0 && !store.RECORDED_STATUSES.includes(status)) throw new UsageError(`--status expects one of ${store.RECORDED_STATUSES.join(", ")}, got "${status}"`);
		const runs = store.listRuns(db, {
			limit,
			...status ? { status } : {},
			...options.worker ? { worker: options.worker } : {}
		});
		return options.json ? { runs } : formatRunList(runs, store.shortIds(db, runs.map((run) => run.id)));
	});
}
function runRunsShow(ref, options, io) {
	return withRunLog(io, options.json, { run: null }, (db, store) => {
		const run = store.loadRun(db, store.resolveRunId(db, ref), { prompts: Boolean(options.prompts) });
		return options.json ? { run } : formatRunDetail(run, Boolean(options.prompts));
	});
}
function runRunsSearch(text, options, io) {
	return withRunLog(io, options.json, { runs: [] }, (db, store) => {
		if (text.trim() === "") throw new UsageError("runs search expects some TEXT to look for, e.g. llm-do runs search \"invoice\"");
		const hits = store.searchRuns(db, text, positiveInt("--limit", options.limit, DEFAULT_LIMIT));
		return options.json ? { runs: hits } : formatSearch(hits, store.shortIds(db, hits.map((hit) => hit.run.id)));
	});
}
const AGE_UNITS_MS = {
	m: 6e4,
	h: 36e5,
	d: 864e5,
	w: 6048e5
};
/** `30d` → the time that long ago, ISO 8601. */
function cutoffOf(age, now) {
	const match = /^(\d+)([mhdw])$/.exec(age);
	const cutoff = match ? new Date(now - Number(match[1]) * AGE_UNITS_MS[match[2]]) : void 0;
	if (!cutoff || Number.isNaN(cutoff.getTime())) throw new UsageError(`--older-than expects an age such as 30d, 12h, 2w or 90m, got "${age}"`);
	return cutoff.toISOString();
}
function runRunsRm(refs, options, io) {
	return withRunLog(io, options.json, { deleted: [] }, (db, store) => {
		if (refs.length > 0 && options.olderThan !== void 0) throw new UsageError("runs rm takes RUN ids or --older-than AGE, not both");
		if (refs.length === 0 && options.olderThan === void 0) throw new UsageError("runs rm needs RUN ids (or \"last\"), or --older-than AGE, e.g. llm-do runs rm --older-than 30d");
		const ids = options.olderThan !== void 0 ? store.runsStartedBefore(db, cutoffOf(options.olderThan, Date.now())) : [...new Set(refs.map((ref) => store.resolveRunId(db, ref)))];
		store.deleteRuns(db, ids);
		return options.json ? { deleted: ids } : `deleted ${ids.length} run(s)`;
	});
}
export { withRunLog as a, runRunsShow as i, runRunsRm as n, runRunsSearch as r, runRunsList as t };
