import { u as UsageError } from "./errors-C1ynlXzT.js";
import { Et as _enum, Jn as string, Lt as boolean, Nt as array, Pn as number, Sn as looseObject, bn as lazy, sr as unknown, xn as literal } from "./schemas-C-rNJMuT.js";
import "./state-TjsRmgQY.js";
// src/runtime/saved-state.ts
/**
* Reading back a run's saved state (a `RunSnapshot` from the run log, a `--state` file or a library
* caller): it may be damaged, or written by a newer llm-do. Each is refused with a sentence naming
* what was read, before anything acts on the state. The shape is checked down to each tool call's
* status and approval and the run's options; the engine that resumes the state owns the meaning of the rest.
*/
const ApprovalShape = looseObject({
	approval_id: string(),
	toolset: string(),
	description: string(),
	note: string().optional()
});
const CallShape = lazy(() => looseObject({
	call_id: string(),
	chain: array(string()),
	messages: array(unknown()),
	tool_calls: array(looseObject({
		tool_call_id: string(),
		tool: string(),
		status: _enum([
			"new",
			"running",
			"pending",
			"waiting",
			"done"
		]),
		approval: ApprovalShape.optional(),
		children: array(CallShape)
	}))
}));
const SnapshotShape = looseObject({
	state_version: literal(1),
	run_id: string(),
	project: looseObject({
		name: string(),
		root: string()
	}),
	call_count: number().int().nonnegative(),
	options: looseObject({
		stream: boolean(),
		max_depth: number(),
		mounts: array(unknown()),
		set: array(unknown())
	}),
	root: CallShape.nullable()
});
/**
* `text` as a saved state; `what` names it in errors ("run X's saved state", "state file F"), and
* `runId`, when given, is the run it must be. A UsageError (exit 2) when it cannot be used.
*/
function parseRunSnapshot(text, what, runId) {
	let value;
	try {
		value = JSON.parse(text);
	} catch (error) {
		throw corrupt(what, `not JSON: ${error.message}`);
	}
	return checkRunSnapshot(value, what, runId);
}
/** `value` as a saved state, checked as {@link parseRunSnapshot} checks it. */
function checkRunSnapshot(value, what, runId) {
	const version = value?.state_version;
	if (typeof version === "number" && Number.isInteger(version) && version > 1) throw new UsageError(`${what} is from a newer llm-do (state_version ${version}; this one reads state_version 1)`);
	const checked = SnapshotShape.safeParse(value);
	if (!checked.success) {
		const issue = checked.error.issues[0];
		throw corrupt(what, `${issue.path.length ? issue.path.join(".") : "the state"}: ${issue.message}`);
	}
	if (runId !== void 0 && checked.data.run_id !== runId) throw corrupt(what, `it names another run, ${checked.data.run_id}`);
	return value;
}
function corrupt(what, detail) {
	return new UsageError(`${what} is corrupt (${detail}); it cannot be resumed`);
}
export { parseRunSnapshot as n, checkRunSnapshot as t };
