// src/errors.ts
/**
* Error classes users can tell apart. Each carries a `kind` (what layer failed) and a `code` (which
* variant), and a Symbol marker so `isInstance` works across two copies of the package where
* `instanceof` would not.
*
* The CLI maps `kind` to exit codes in one place: `project`/`usage` → 2, `aborted` → 130, else 1.
*/
const MARK = Symbol.for("llm-do.error");
/** Base class of every error llm-do throws on purpose. */
var LlmDoError = class extends Error {
	[MARK] = true;
	constructor(message, options) {
		super(message, options);
		this.name = new.target.name;
	}
	static isInstance(error) {
		return typeof error === "object" && error !== null && MARK in error;
	}
};
/**
* A project, configuration or input problem found before any model request (exit code 2).
* `message` is `location: detail`; `detail` is the bare sentence.
*/
var ProjectError = class extends LlmDoError {
	code;
	kind = "project";
	detail;
	location;
	/**
	* Every problem found in the same pass (this one first). A loader that finds several problems in
	* one file throws the first with all of them here, so `check` can report each.
	*/
	problems;
	constructor(code, detail, location = {}, options) {
		super(formatLocated(location, detail), options);
		this.code = code;
		this.detail = detail;
		this.location = location;
		this.problems = options?.problems && options.problems.length > 0 ? options.problems : [this];
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "project";
	}
};
/** A bad command line (unknown flag, conflicting flags, malformed value): exit code 2. */
var UsageError = class extends LlmDoError {
	kind = "usage";
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "usage";
	}
};
/** A refused or failed sandbox operation. `path` is always the virtual path, never a host path. */
var SandboxError = class extends LlmDoError {
	code;
	path;
	kind = "sandbox";
	constructor(code, path, message, options) {
		super(message, options);
		this.code = code;
		this.path = path;
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "sandbox";
	}
};
/** A refused or failed worker-to-worker call. `chain` is the worker ids from the entry to the caller. */
var DelegationError = class extends LlmDoError {
	code;
	chain;
	kind = "delegation";
	constructor(code, chain, message, options) {
		super(message, options);
		this.code = code;
		this.chain = chain;
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "delegation";
	}
};
/** A model request that failed after retries. The SDK error is the `cause`. */
var ModelError = class extends LlmDoError {
	worker;
	model;
	providerAnswer;
	kind = "model";
	constructor(worker, model, providerAnswer, message, options) {
		super(message, options);
		this.worker = worker;
		this.model = model;
		this.providerAnswer = providerAnswer;
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "model";
	}
};
/** A run that started but could not finish (step cap, invalid structured output, user quit). */
var RunError = class extends LlmDoError {
	code;
	worker;
	kind = "run";
	constructor(code, worker, message, options) {
		super(message, options);
		this.code = code;
		this.worker = worker;
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "run";
	}
};
/**
* A built-in tool refused or could not do what the model asked (no file access, an edit that does not
* match exactly once, a shell command outside the rules). The toolbox turns it into an error result
* for the model; the run goes on.
*/
var ToolError = class extends LlmDoError {
	code;
	tool;
	kind = "tool";
	constructor(code, tool, message, options) {
		super(message, options);
		this.code = code;
		this.tool = tool;
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "tool";
	}
};
/** The run was interrupted (Ctrl-C / abort signal): exit code 130. */
var AbortedError = class extends LlmDoError {
	kind = "aborted";
	constructor(message = "interrupted") {
		super(message);
	}
	static isInstance(error) {
		return LlmDoError.isInstance(error) && error.kind === "aborted";
	}
};
const PAUSED = Symbol.for("llm-do.paused");
/**
* Not a failure: a worker call stopped to wait for decisions (pause mode, SPEC §17). It unwinds
* through the tools and delegations above it, which keep their state, to the run, which ends `paused`.
*/
var CallPaused = class extends Error {
	[PAUSED] = true;
	constructor() {
		super("paused for a decision");
		this.name = "CallPaused";
	}
	static isInstance(error) {
		return typeof error === "object" && error !== null && error[PAUSED] === true;
	}
};
/** `file:line:column: detail`, leaving out what is unknown. */
function formatLocated(location, detail) {
	if (!location.file) return detail;
	let where = location.file;
	if (location.line !== void 0) {
		where += `:${location.line}`;
		if (location.column !== void 0) where += `:${location.column}`;
	}
	return `${where}: ${detail}`;
}
export { ModelError as a, SandboxError as c, formatLocated as d, LlmDoError as i, ToolError as l, CallPaused as n, ProjectError as o, DelegationError as r, RunError as s, AbortedError as t, UsageError as u };
