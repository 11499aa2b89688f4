import { o as ProjectError, u as UsageError } from "./errors-C1ynlXzT.js";
import { n as pendingApprovals } from "./state-TjsRmgQY.js";
import { t as createPromptAssembler } from "./model-prompt-B33pgNqq.js";
import { n as parseRunSnapshot } from "./saved-state-97iNPuTm.js";
import { hostname } from "node:os";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "libsql";
// src/store/schema.ts
/**
* The run log's tables, as numbered migrations: migration N brings a database from `user_version`
* N-1 to N. A database newer than the last one here was written by a newer llm-do and is refused.
*
* Prompts are stored as the `model_prompt` events carry them, a delta per request (`prompt_from`,
* the new messages, tools only when they changed), and rebuilt on read with `createPromptAssembler`:
* a loop of n steps stores its messages once, not n times. Values that can be large (tool arguments
* and results) are cut at a cap with their full size kept (`*_size`, in UTF-8 bytes of their JSON).
*/
const MIGRATIONS = [
	`
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    project_root TEXT NOT NULL,
    entry TEXT NOT NULL,
    model TEXT,
    input TEXT,
    options TEXT NOT NULL,
    status TEXT NOT NULL,
    exit_code INTEGER,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    duration_ms INTEGER,
    output TEXT,
    error TEXT,
    usage TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL
  );
  CREATE INDEX runs_by_start ON runs (started_at);
  CREATE TABLE calls (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    parent_call_id TEXT,
    parent_tool_call_id TEXT,
    worker TEXT NOT NULL,
    chain TEXT NOT NULL,
    model TEXT,
    depth INTEGER NOT NULL,
    input TEXT,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    duration_ms INTEGER,
    status TEXT NOT NULL,
    error TEXT,
    PRIMARY KEY (run_id, call_id)
  );
  CREATE TABLE model_requests (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    model TEXT NOT NULL,
    started_at TEXT NOT NULL,
    system_sha256 TEXT,
    message_count INTEGER,
    tool_names TEXT,
    prompt_from INTEGER,
    prompt_messages TEXT,
    prompt_tools TEXT,
    settings TEXT,
    finish_reason TEXT,
    text TEXT,
    tool_calls INTEGER,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cache_read_tokens INTEGER,
    cache_write_tokens INTEGER,
    cost_usd REAL,
    duration_ms INTEGER,
    PRIMARY KEY (run_id, call_id, step)
  );
  CREATE TABLE tool_calls (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    step INTEGER,
    tool TEXT NOT NULL,
    started_at TEXT NOT NULL,
    args TEXT,
    args_size INTEGER,
    ok INTEGER,
    denied INTEGER,
    result TEXT,
    result_size INTEGER,
    error TEXT,
    duration_ms INTEGER
  );
  CREATE INDEX tool_calls_by_run ON tool_calls (run_id, call_id, tool_call_id);
  CREATE TABLE approvals (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    asked_at TEXT,
    decided_at TEXT,
    approved INTEGER,
    source TEXT,
    reason TEXT
  );
  CREATE INDEX approvals_by_run ON approvals (run_id, call_id, tool_call_id);
  CREATE TABLE warnings (
    run_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    ts TEXT NOT NULL,
    message TEXT NOT NULL
  );
  CREATE INDEX warnings_by_run ON warnings (run_id);
  CREATE VIRTUAL TABLE search USING fts5 (run_id UNINDEXED, kind UNINDEXED, text);
  `,
	`
  ALTER TABLE runs ADD COLUMN state TEXT;
  `,
	`
  ALTER TABLE runs ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE decisions (
    run_id TEXT NOT NULL,
    approval_id TEXT NOT NULL,
    decision TEXT NOT NULL,
    decided_at TEXT NOT NULL,
    decided_by TEXT NOT NULL,
    used_at TEXT,
    PRIMARY KEY (run_id, approval_id)
  );
  `
];
const SCHEMA_VERSION = MIGRATIONS.length;
// src/store/database.ts
/**
* Opens the run log, `runs.db`: creates it (readable by its owner only: it holds prompts and tool
* results), sets WAL and a busy timeout so concurrent runs wait for each other instead of failing,
* and brings the schema up to date. A file that is not a usable run log is refused with the way out,
* before any model request.
*/
/** How long a writer waits for another process's transaction before giving up. */
const BUSY_TIMEOUT_MS = 1e4;
/** Opens (creating if needed) the run log at `file`; throws ProjectError `run-log-unusable`. */
function openRunDatabase(file) {
	let db;
	try {
		mkdirSync(dirname(file), {
			recursive: true,
			mode: 448
		});
		closeSync(openSync(file, "a", 384));
		db = new Database(file);
		db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
		db.exec("PRAGMA journal_mode = WAL");
		db.exec("PRAGMA synchronous = NORMAL");
		migrate(db, file);
		return db;
	} catch (error) {
		db?.close();
		if (ProjectError.isInstance(error)) throw error;
		throw unusable(file, error.message);
	}
}
/**
* Runs `work` in a `BEGIN IMMEDIATE` transaction: it takes the write lock first, so a read-then-write
* never fails half-way with SQLITE_BUSY. Errors keep their own message: SQLite may have rolled back
* already (a full disk does), and the driver's own wrapper would then report the failed ROLLBACK instead.
*/
function immediate(db, work) {
	db.exec("BEGIN IMMEDIATE");
	try {
		const result = work();
		db.exec("COMMIT");
		return result;
	} catch (error) {
		if (db.inTransaction) db.exec("ROLLBACK");
		throw error;
	}
}
/** The value of a pragma that returns one number. */
function pragmaNumber(db, name) {
	const row = db.prepare(`PRAGMA ${name}`).raw().all()[0];
	return Number(row?.[0] ?? 0);
}
function migrate(db, file) {
	const check = (version) => {
		if (version > SCHEMA_VERSION) throw unusable(file, `it was written by a newer llm-do (schema version ${version}; this one knows up to ${SCHEMA_VERSION})`);
	};
	check(pragmaNumber(db, "user_version"));
	if (pragmaNumber(db, "user_version") === SCHEMA_VERSION) return;
	immediate(db, () => {
		const version = pragmaNumber(db, "user_version");
		check(version);
		for (let next = version; next < SCHEMA_VERSION; next++) db.exec(MIGRATIONS[next]);
		db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
	});
}
function unusable(file, reason) {
	return new ProjectError("run-log-unusable", `cannot use the run log: ${reason}. Run with --no-log to run without recording, or move the file aside (e.g. mv ${file} ${file}.old) to start a new log`, { file });
}
// src/store/liveness.ts
/**
* A run whose process died without ending it (kill -9, a crash, power loss) stays `running` in the
* log. Its process is known (pid and host), so a reader on the same host can tell and record it as
* `interrupted`, with the usage its recorded requests add up to. A run of another host is left as it is: its process cannot be checked from here.
*/
/** Error recorded for a run whose process ended without ending it. */
const ABANDONED_ERROR = "the process ended without finishing the run (killed or crashed)";
/** Whether a process with this pid exists on this host. */
function processExists(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === "EPERM";
	}
}
/** Marks the `running` runs of this host whose process is gone as `interrupted`. */
function settleAbandonedRuns(db) {
	const abandoned = db.prepare(`SELECT id, pid FROM runs WHERE status = 'running' AND host = ?`).all(hostname()).filter((run) => run.pid !== process.pid && !processExists(run.pid));
	if (abandoned.length === 0) return;
	const endRun = db.prepare(`UPDATE runs SET status = 'interrupted', exit_code = NULL, error = ?,
       input_tokens = (SELECT coalesce(sum(input_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       output_tokens = (SELECT coalesce(sum(output_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       cache_read_tokens = (SELECT coalesce(sum(cache_read_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       cache_write_tokens = (SELECT coalesce(sum(cache_write_tokens), 0) FROM model_requests WHERE run_id = runs.id),
       cost_usd = (SELECT CASE WHEN count(*) FILTER (WHERE cache_read_tokens IS NOT NULL AND cost_usd IS NULL) > 0 THEN NULL ELSE coalesce(sum(cost_usd), 0) END
                   FROM model_requests WHERE run_id = runs.id)
     WHERE id = ? AND status = 'running'`);
	const endCalls = db.prepare(`UPDATE calls SET status = 'interrupted' WHERE run_id = ? AND status = 'running'`);
	immediate(db, () => {
		for (const run of abandoned) {
			endRun.run(ABANDONED_ERROR, run.id);
			endCalls.run(run.id);
		}
	});
}
// src/store/stored-value.ts
/**
* How values of unbounded size (tool arguments and results, inputs, outputs) are kept: as JSON, cut
* at {@link VALUE_CAP} characters with the full size kept, and read back either whole or as a marked
* preview, so a reader always knows when it sees part of a value.
*/
/** Characters of a value's JSON kept in the log. */
const VALUE_CAP = 65536;
function storeValue(value) {
	if (value === void 0) return {
		text: null,
		size: null
	};
	const json = JSON.stringify(value) ?? "null";
	return {
		text: json.length > 65536 ? json.slice(0, VALUE_CAP) : json,
		size: Buffer.byteLength(json)
	};
}
/** JSON text kept whole (inputs, outputs, prompts), or null for undefined. */
function storeJson(value) {
	return value === void 0 ? null : JSON.stringify(value) ?? null;
}
/** A value as stored: the value when it was kept whole, else a {@link CutValue}. */
function readValue(text, size) {
	if (text === null) return void 0;
	if (size !== null && Buffer.byteLength(text) < size) return {
		cut: true,
		size_bytes: size,
		preview: text
	};
	return JSON.parse(text);
}
function readJson(text) {
	return text === null ? void 0 : JSON.parse(text);
}
/** The words of a value for full-text search: its strings and numbers, cut like stored values. */
function searchableText(value) {
	const parts = [];
	let length = 0;
	const visit = (item) => {
		if (length > 65536) return;
		if (typeof item === "string" || typeof item === "number") {
			const text = String(item);
			parts.push(text);
			length += text.length + 1;
		} else if (Array.isArray(item)) item.forEach(visit);
		else if (item !== null && typeof item === "object") Object.values(item).forEach(visit);
	};
	visit(value);
	return parts.join(" ").slice(0, VALUE_CAP);
}
// src/store/run-queries.ts
/**
* Reading the run log: the list of runs, one run with its call tree, full-text search, and removal.
* Run ids may be given by a unique prefix or as `last`.
*/
const RECORDED_STATUSES = [
	"running",
	"ok",
	"error",
	"interrupted",
	"paused"
];
const SUMMARY_COLUMNS = `id, project, entry, model, status, exit_code, started_at, ended_at, duration_ms, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, error`;
/** Newest first. */
function listRuns(db, options) {
	const where = [];
	const params = [];
	if (options.status) {
		where.push("status = ?");
		params.push(options.status);
	}
	if (options.worker) {
		where.push("(entry = ? OR EXISTS (SELECT 1 FROM calls WHERE calls.run_id = runs.id AND calls.worker = ?))");
		params.push(options.worker, options.worker);
	}
	const sql = `SELECT ${SUMMARY_COLUMNS} FROM runs ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY started_at DESC, id DESC LIMIT ?`;
	return db.prepare(sql).all(...params, options.limit);
}
/** The summary of run `id`, if it is recorded. */
function runSummary(db, id) {
	return db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM runs WHERE id = ?`).all(id)[0];
}
/** The full id of the run `ref` names: `last`, or a unique prefix of an id. */
function resolveRunId(db, ref) {
	if (ref === "last") {
		const newest = db.prepare(`SELECT id FROM runs ORDER BY started_at DESC, id DESC LIMIT 1`).all();
		if (!newest[0]) throw new UsageError("no run is recorded yet (\"last\" names the newest run)");
		return newest[0].id;
	}
	const matches = db.prepare(`SELECT id, entry, started_at FROM runs WHERE substr(id, 1, ?) = ? ORDER BY started_at DESC LIMIT 11`).all(ref.length, ref);
	if (matches.length === 1) return matches[0].id;
	if (matches.length === 0) throw new UsageError(`no recorded run has an id starting with "${ref}" (llm-do runs lists them)`);
	const shown = matches.slice(0, 10).map((run) => `  ${run.id}  ${run.started_at}  ${run.entry}`);
	throw new UsageError(`"${ref}" is the start of more than one run id; give more of it:\n${shown.join("\n")}${matches.length > 10 ? "\n  …" : ""}`);
}
function loadRun(db, id, options) {
	const row = db.prepare(`SELECT ${SUMMARY_COLUMNS}, project_root, input, output, options, pid, host FROM runs WHERE id = ?`).all(id)[0];
	if (!row) throw new UsageError(`no recorded run has the id ${id}`);
	const calls = loadCalls(db, id, options.prompts);
	const warnings = db.prepare(`SELECT call_id, ts, message FROM warnings WHERE run_id = ? ORDER BY rowid`).all(id);
	return {
		...row,
		project_root: row.project_root,
		input: readJson(row.input),
		output: readJson(row.output),
		options: readJson(row.options),
		pid: row.pid,
		host: row.host,
		root: calls.find((call) => call.parent_call_id === null) ?? null,
		warnings
	};
}
function loadCalls(db, runId, prompts) {
	const rows = db.prepare(`SELECT * FROM calls WHERE run_id = ?`).all(runId);
	rows.sort((a, b) => callNumber(a.call_id) - callNumber(b.call_id));
	const requests = groupBy(loadRequests(db, runId, prompts), (request) => request.call_id);
	const toolRows = db.prepare(`SELECT * FROM tool_calls WHERE run_id = ? ORDER BY id`).all(runId);
	const approvals = /* @__PURE__ */ new Map();
	for (const approval of db.prepare(`SELECT * FROM approvals WHERE run_id = ? ORDER BY id`).all(runId)) approvals.set(`${approval.call_id} ${approval.tool_call_id}`, {
		asked: approval.asked_at !== null,
		approved: approval.approved === null ? null : approval.approved === 1,
		source: approval.source,
		reason: approval.reason
	});
	const seen = /* @__PURE__ */ new Map();
	const calls = /* @__PURE__ */ new Map();
	for (const row of rows) {
		const count = (seen.get(row.worker) ?? 0) + 1;
		seen.set(row.worker, count);
		const own = requests.get(row.call_id) ?? [];
		const priced = own.filter((request) => request.cache_read_tokens !== null);
		calls.set(row.call_id, {
			call_id: row.call_id,
			parent_call_id: row.parent_call_id,
			label: `${row.worker}#${count}`,
			worker: row.worker,
			chain: JSON.parse(row.chain),
			model: row.model,
			depth: row.depth,
			input: readJson(row.input),
			started_at: row.started_at,
			duration_ms: row.duration_ms,
			status: row.status,
			error: row.error,
			input_tokens: sum(own, "input_tokens"),
			output_tokens: sum(own, "output_tokens"),
			cache_read_tokens: sum(own, "cache_read_tokens"),
			cache_write_tokens: sum(own, "cache_write_tokens"),
			cost_usd: priced.some((request) => request.cost_usd === null) ? null : priced.reduce((total, request) => total + (request.cost_usd ?? 0), 0),
			requests: own.map(({ call_id: _, ...request }) => request),
			tool_calls: []
		});
	}
	const childByToolCall = /* @__PURE__ */ new Map();
	for (const row of rows) if (row.parent_tool_call_id !== null) childByToolCall.set(`${row.parent_call_id} ${row.parent_tool_call_id}`, calls.get(row.call_id));
	for (const row of toolRows) {
		const key = `${row.call_id} ${row.tool_call_id}`;
		calls.get(row.call_id)?.tool_calls.push({
			tool_call_id: row.tool_call_id,
			step: row.step,
			tool: row.tool,
			args: readValue(row.args, row.args_size),
			ok: row.ok === null ? null : row.ok === 1,
			denied: row.denied === 1,
			result: readValue(row.result, row.result_size),
			error: row.error,
			duration_ms: row.duration_ms,
			approval: approvals.get(key) ?? null,
			call: childByToolCall.get(key) ?? null
		});
	}
	return [...calls.values()];
}
function loadRequests(db, runId, prompts) {
	const rows = db.prepare(`SELECT * FROM model_requests WHERE run_id = ? ORDER BY call_id, step`).all(runId);
	const assemble = createPromptAssembler();
	return rows.map((row) => {
		const request = {
			call_id: row.call_id,
			step: row.step,
			model: row.model,
			started_at: row.started_at,
			system_sha256: row.system_sha256,
			finish_reason: row.finish_reason,
			text: row.text,
			tool_calls: row.tool_calls,
			input_tokens: row.input_tokens,
			output_tokens: row.output_tokens,
			cache_read_tokens: row.cache_read_tokens,
			cache_write_tokens: row.cache_write_tokens,
			cost_usd: row.cost_usd,
			duration_ms: row.duration_ms
		};
		if (!prompts || row.prompt_messages === null) return request;
		const prompt = assemble({
			type: "model_prompt",
			call_id: row.call_id,
			prompt_from: row.prompt_from,
			messages: JSON.parse(row.prompt_messages),
			...row.prompt_tools === null ? {} : { tools: JSON.parse(row.prompt_tools) },
			settings: JSON.parse(row.settings)
		});
		return {
			...request,
			prompt
		};
	});
}
/** Runs whose inputs, outputs, prompts, responses, tool arguments or results contain `text` (a phrase), newest first. */
function searchRuns(db, text, limit) {
	const phrase = `"${text.replace(/"/g, "\"\"")}"`;
	const byRun = groupBy(db.prepare(`SELECT run_id, kind, snippet(search, 2, '[', ']', '…', 16) AS snippet FROM search WHERE search MATCH ? ORDER BY rank`).all(phrase), (row) => row.run_id);
	const summary = db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM runs WHERE id = ?`);
	return [...byRun.entries()].flatMap(([id, matches]) => summary.all(id).map((run) => ({
		run,
		matches: matches.slice(0, 3).map(({ kind, snippet }) => ({
			kind,
			snippet
		}))
	}))).sort((a, b) => b.run.started_at.localeCompare(a.run.started_at)).slice(0, limit);
}
/** Deletes the runs and everything recorded about them; returns how many there were. */
function deleteRuns(db, ids) {
	const tables = [
		"calls",
		"model_requests",
		"tool_calls",
		"approvals",
		"warnings",
		"search",
		"decisions"
	].map((table) => db.prepare(`DELETE FROM ${table} WHERE run_id = ?`));
	const run = db.prepare(`DELETE FROM runs WHERE id = ?`);
	let deleted = 0;
	immediate(db, () => {
		for (const id of ids) {
			for (const statement of tables) statement.run(id);
			deleted += run.run(id).changes;
		}
	});
	return deleted;
}
/** Ids of finished runs that started before `cutoff` (ISO 8601): a paused run waits for decisions, it has not finished. */
function runsStartedBefore(db, cutoff) {
	return db.prepare(`SELECT id FROM runs WHERE started_at < ? AND status NOT IN ('running', 'paused')`).all(cutoff).map((row) => row.id);
}
const callNumber = (callId) => Number(callId.replace(/^\D+/, ""));
function sum(rows, key) {
	return rows.reduce((total, row) => total + (row[key] ?? 0), 0);
}
function groupBy(items, key) {
	const groups = /* @__PURE__ */ new Map();
	for (const item of items) groups.set(key(item), [...groups.get(key(item)) ?? [], item]);
	return groups;
}
/** The shortest prefix (at least 8 characters) of each id that no other recorded run starts with. */
function shortIds(db, ids) {
	const before = db.prepare(`SELECT max(id) AS id FROM runs WHERE id < ?`);
	const after = db.prepare(`SELECT min(id) AS id FROM runs WHERE id > ?`);
	const common = (a, b) => {
		let length = 0;
		while (b !== null && length < a.length && a[length] === b[length]) length++;
		return length;
	};
	const neighbour = (statement, id) => statement.all(id)[0]?.id ?? null;
	return new Map(ids.map((id) => [id, id.slice(0, Math.max(8, common(id, neighbour(before, id)) + 1, common(id, neighbour(after, id)) + 1))]));
}
// src/store/paused-runs.ts
/** The saved state of run `runId` from its stored text; a UsageError (exit 2) when it cannot be used. */
function parseSavedState(runId, text) {
	if (text === null) throw new UsageError(`run ${runId} has no saved state to go on from (it stopped before its first step was saved)`);
	return parseRunSnapshot(text, `run ${runId}'s saved state`, runId);
}
const RESUMABLE = /* @__PURE__ */ new Set([
	"paused",
	"interrupted",
	"running"
]);
function createPausedRuns(db, { now = () => /* @__PURE__ */ new Date() } = {}) {
	const runRow = db.prepare(`SELECT status, pid, host, last_seq, state FROM runs WHERE id = ?`);
	const pausedIds = db.prepare(`SELECT id FROM runs WHERE status = 'paused' ORDER BY started_at, id`);
	const unusedDecisions = db.prepare(`SELECT approval_id, decision, decided_by, decided_at FROM decisions WHERE run_id = ? AND used_at IS NULL`);
	const upsertDecision = db.prepare(`INSERT INTO decisions (run_id, approval_id, decision, decided_at, decided_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, approval_id) DO UPDATE SET decision = excluded.decision, decided_at = excluded.decided_at, decided_by = excluded.decided_by, used_at = NULL`);
	const claim = db.prepare(`UPDATE runs SET status = 'running', pid = ?, host = ?, exit_code = NULL, ended_at = NULL, error = NULL WHERE id = ?`);
	const claimCalls = db.prepare(`UPDATE calls SET status = 'running', ended_at = NULL WHERE run_id = ? AND status IN ('paused', 'interrupted', 'running')`);
	const row = (runId) => {
		const found = runRow.all(runId)[0];
		if (!found) throw new UsageError(`no recorded run has the id ${runId}`);
		return found;
	};
	const pausedState = (runId) => {
		const { status, state } = row(runId);
		if (status !== "paused") throw new UsageError(`run ${runId} is not paused (it is ${status}); only a paused run has approvals to decide`);
		return parseSavedState(runId, state);
	};
	const recorded = (runId) => new Map(unusedDecisions.all(runId).map((decision) => [decision.approval_id, {
		decision: JSON.parse(decision.decision),
		decided_by: decision.decided_by,
		decided_at: decision.decided_at
	}]));
	const decisionsOf = (runId) => new Map([...recorded(runId)].map(([id, { decision }]) => [id, decision]));
	const pausedRun = (runId) => {
		const decisions = recorded(runId);
		const pending = pendingApprovals(pausedState(runId)).map((approval) => {
			const decision = decisions.get(approval.approval_id);
			return decision ? {
				...approval,
				decision
			} : approval;
		});
		return {
			run_id: runId,
			run: runSummary(db, runId),
			pending
		};
	};
	return {
		loadState: (runId) => parseSavedState(runId, row(runId).state),
		pendingApprovals(runId) {
			if (runId !== void 0) return [pausedRun(runId)];
			return pausedIds.all().map(({ id }) => pausedRun(id));
		},
		recordDecisions(runId, decisions, decidedBy) {
			immediate(db, () => {
				const pending = new Set(pendingApprovals(pausedState(runId)).map((approval) => approval.approval_id));
				const unknown = [...decisions.keys()].filter((id) => !pending.has(id));
				if (unknown.length > 0) throw new UsageError(`run ${runId} has no pending approval ${unknown.join(", ")} (pending: ${[...pending].join(", ") || "none"})`);
				const at = now().toISOString();
				for (const [approvalId, decision] of decisions) upsertDecision.run(runId, approvalId, JSON.stringify(decision), at, decidedBy);
			});
		},
		decisions: decisionsOf,
		reopen(runId, owner) {
			return immediate(db, () => {
				const { status, pid, host, last_seq, state } = row(runId);
				if (!RESUMABLE.has(status)) throw new UsageError(`run ${runId} has finished (${status}); there is nothing to resume`);
				if (status === "running" && host !== owner.host) throw new UsageError(`run ${runId} is already running (pid ${pid} on host ${host})`);
				if (status === "running" && processExists(pid)) throw new UsageError(`run ${runId} is already running (pid ${pid})`);
				const saved = parseSavedState(runId, state);
				claim.run(owner.pid, owner.host, runId);
				claimCalls.run(runId);
				return {
					lastSeq: last_seq,
					state: saved,
					decisions: decisionsOf(runId),
					previousStatus: status
				};
			});
		}
	};
}
// src/store/sqlite-run-store.ts
/**
* The SQLite run store: maps each run event to rows of the run log. Writes are queued and committed
* in one transaction per step (at each checkpoint, approvals, delegations and `run_end`), so
* recording costs a run a few commits, not one per event. A checkpoint (after each model step and
* tool result) saves the run's state with the rows of that step, so state and rows always agree. A failed write (full disk, read-only
* file) is reported once and ends recording for this process; the run itself goes on.
*
* A paused or interrupted run goes on in the process that reopens it (`reopen`, see `paused-runs.ts`):
* that process records its events without `begin`, the steps of its calls are read back from the
* log, and its next `run_end` sets status, exit code and end again, adding to the duration so far.
*/
/** Events after which the queued writes are committed (a step's rows are committed with its checkpoint). */
const COMMIT_AFTER = /* @__PURE__ */ new Set([
	"approval_request",
	"approval_decision",
	"delegation_start",
	"delegation_end",
	"warning",
	"run_end"
]);
const EXIT_CODE_OF_STATUS = {
	ok: 0,
	error: 1,
	interrupted: 130,
	paused: 3
};
function createSqliteRunStore(db, options) {
	const sql = statements(db);
	const host = hostname();
	/** The step a call's model is on: tool calls and usage belong to it. */
	const steps = /* @__PURE__ */ new Map();
	/** The highest `seq` queued per run, written with the queue. */
	const lastSeqs = /* @__PURE__ */ new Map();
	let queue = [];
	let failed = false;
	const flush = () => {
		if (failed || queue.length === 0 && lastSeqs.size === 0) return;
		try {
			immediate(db, () => {
				queue.forEach((write) => write());
				for (const [run, seq] of lastSeqs) sql.lastSeq.run(seq, run);
			});
		} catch (error) {
			failed = true;
			options.onWriteFailure(error);
		} finally {
			queue = [];
			lastSeqs.clear();
		}
	};
	/** A call's current step; a call of a reopened run starts from the last step the log has of it. */
	const stepOf = (run, call) => {
		const key = `${run} ${call}`;
		let step = steps.get(key);
		if (step === void 0) {
			step = sql.lastStep.all(run, call)[0]?.step ?? 0;
			steps.set(key, step);
		}
		return step;
	};
	const index = (runId, kind, value) => {
		const text = searchableText(value);
		if (text) sql.index.run(runId, kind, text);
	};
	const writesFor = (event) => {
		const { run_id: run, call_id: call, ts } = event;
		const stepKey = `${run} ${call}`;
		switch (event.type) {
			case "run_start": return [() => sql.runModel.run(event.model, run), () => sql.call.run(run, call, null, null, event.worker, JSON.stringify(event.chain), event.model, 0, storeJson(event.input), ts)];
			case "model_request":
				steps.set(stepKey, event.step);
				return [() => sql.request.run(run, call, event.step, event.model, ts, event.system_sha256, event.message_count, JSON.stringify(event.tools))];
			case "model_prompt": return [
				() => sql.requestRow.run(run, call, event.step, event.model, ts),
				() => sql.prompt.run(event.prompt_from, JSON.stringify(event.messages), storeJson(event.tools), JSON.stringify(event.settings), run, call, event.step),
				() => index(run, "prompt", event.messages.map(messageContent))
			];
			case "model_step": return [() => sql.response.run(event.finish_reason, event.text, event.tool_calls, event.input_tokens, event.output_tokens, event.duration_ms, run, call, event.step), () => index(run, "response", event.text)];
			case "usage": {
				const step = stepOf(run, call);
				return [() => sql.usage.run(event.input_tokens, event.output_tokens, event.cache_read_tokens, event.cache_write_tokens, event.cost_usd, run, call, step)];
			}
			case "tool_call": {
				const args = storeValue(event.args);
				const step = stepOf(run, call);
				return [() => sql.toolCall.run(run, call, event.tool_call_id, step, event.tool, ts, args.text, args.size), () => index(run, "args", event.args)];
			}
			case "tool_result": {
				const result = storeValue(event.result);
				return [() => sql.toolResult.run(event.ok ? 1 : 0, event.denied ? 1 : 0, result.text, result.size, event.error ?? null, event.duration_ms, run, call, event.tool_call_id), () => index(run, "result", [event.result, event.error])];
			}
			case "approval_request": return [() => sql.approvalAsked.run(run, call, event.tool_call_id, event.tool, ts)];
			case "approval_decision": return [() => {
				const decided = [
					ts,
					event.approved ? 1 : 0,
					event.source,
					event.reason ?? null,
					run,
					call,
					event.tool_call_id
				];
				if (sql.approvalDecided.run(...decided).changes === 0) sql.approvalDecidedUnasked.run(run, call, event.tool_call_id, event.tool, ...decided.slice(0, 4));
			}];
			case "delegation_start": return [() => sql.call.run(run, call, event.parent_call_id, event.tool_call_id, event.worker, JSON.stringify(event.chain), event.model, event.depth, storeJson(event.input), ts), () => index(run, "input", event.input)];
			case "delegation_end": return [() => sql.callEnd.run(ts, event.duration_ms, event.ok ? "ok" : "error", event.error ?? null, run, call)];
			case "warning": return [() => sql.warning.run(run, call, ts, event.message)];
			case "run_end": {
				const { usage } = event;
				return [
					...event.status === "paused" ? [() => sql.callsPaused.run(run)] : [],
					() => sql.callEnd.run(ts, event.duration_ms, event.status, event.error ?? null, run, call),
					() => sql.runEnd.run(event.status, EXIT_CODE_OF_STATUS[event.status], ts, event.duration_ms, storeJson(event.output), event.error ?? null, JSON.stringify(usage), usage.input_tokens, usage.output_tokens, usage.cache_read_tokens, usage.cache_write_tokens, usage.cost_usd, run),
					() => index(run, "output", [event.output, event.error])
				];
			}
			default: return [];
		}
	};
	return {
		...createPausedRuns(db),
		begin(run) {
			if (failed) return;
			queue.push(() => sql.run.run(run.run_id, run.project.name, run.project.root, run.entry, storeJson(run.input), JSON.stringify(run.options), run.started_at, process.pid, host), () => index(run.run_id, "input", run.input));
			flush();
		},
		record(event) {
			if (failed) return;
			queue.push(...writesFor(event));
			lastSeqs.set(event.run_id, event.seq);
			if (event.type === "run_end") {
				for (const key of steps.keys()) if (key.startsWith(`${event.run_id} `)) steps.delete(key);
			}
			if (COMMIT_AFTER.has(event.type)) flush();
		},
		checkpoint(state) {
			if (failed) return;
			const pending = JSON.stringify(pendingApprovals(state).map((approval) => approval.approval_id));
			queue.push(() => sql.state.run(JSON.stringify(state), state.run_id), () => sql.useDecisions.run((/* @__PURE__ */ new Date()).toISOString(), state.run_id, pending));
			flush();
		},
		setExitCode(runId, exitCode) {
			if (failed) return;
			queue.push(() => sql.exitCode.run(exitCode, runId));
			flush();
		}
	};
}
/** What a prompt message says (text, tool inputs and outputs), without its role and part types. */
function messageContent(message) {
	const content = message.content;
	if (!Array.isArray(content)) return content;
	return content.map((part) => part.type === "text" || part.type === "reasoning" ? part.text : part.type === "tool-call" ? part.input : part.type === "tool-result" ? part.output?.value : void 0);
}
function statements(db) {
	return {
		run: db.prepare(`INSERT INTO runs (id, project, project_root, entry, input, options, status, started_at, pid, host) VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)`),
		runModel: db.prepare(`UPDATE runs SET model = ? WHERE id = ?`),
		state: db.prepare(`UPDATE runs SET state = ? WHERE id = ?`),
		lastSeq: db.prepare(`UPDATE runs SET last_seq = max(last_seq, ?) WHERE id = ?`),
		lastStep: db.prepare(`SELECT max(step) AS step FROM model_requests WHERE run_id = ? AND call_id = ?`),
		useDecisions: db.prepare(`UPDATE decisions SET used_at = ? WHERE run_id = ? AND used_at IS NULL AND approval_id NOT IN (SELECT value FROM json_each(?))`),
		runEnd: db.prepare(`UPDATE runs SET status = ?, exit_code = ?, ended_at = ?, duration_ms = coalesce(duration_ms, 0) + ?, output = ?, error = ?, usage = ?,
         input_tokens = ?, output_tokens = ?, cache_read_tokens = ?, cache_write_tokens = ?, cost_usd = ? WHERE id = ?`),
		exitCode: db.prepare(`UPDATE runs SET exit_code = ? WHERE id = ?`),
		call: db.prepare(`INSERT INTO calls (run_id, call_id, parent_call_id, parent_tool_call_id, worker, chain, model, depth, input, started_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running')`),
		callEnd: db.prepare(`UPDATE calls SET ended_at = ?, duration_ms = coalesce(duration_ms, 0) + ?, status = ?, error = ? WHERE run_id = ? AND call_id = ?`),
		callsPaused: db.prepare(`UPDATE calls SET status = 'paused' WHERE run_id = ? AND status = 'running'`),
		request: db.prepare(`INSERT INTO model_requests (run_id, call_id, step, model, started_at, system_sha256, message_count, tool_names) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET system_sha256 = excluded.system_sha256, message_count = excluded.message_count, tool_names = excluded.tool_names`),
		requestRow: db.prepare(`INSERT INTO model_requests (run_id, call_id, step, model, started_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		prompt: db.prepare(`UPDATE model_requests SET prompt_from = ?, prompt_messages = ?, prompt_tools = ?, settings = ? WHERE run_id = ? AND call_id = ? AND step = ?`),
		response: db.prepare(`UPDATE model_requests SET finish_reason = ?, text = ?, tool_calls = ?, input_tokens = ?, output_tokens = ?, duration_ms = ? WHERE run_id = ? AND call_id = ? AND step = ?`),
		usage: db.prepare(`UPDATE model_requests SET input_tokens = ?, output_tokens = ?, cache_read_tokens = ?, cache_write_tokens = ?, cost_usd = ? WHERE run_id = ? AND call_id = ? AND step = ?`),
		toolCall: db.prepare(`INSERT INTO tool_calls (run_id, call_id, tool_call_id, step, tool, started_at, args, args_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		toolResult: db.prepare(`UPDATE tool_calls SET ok = ?, denied = ?, result = ?, result_size = ?, error = ?, duration_ms = ?
       WHERE id = (SELECT max(id) FROM tool_calls WHERE run_id = ? AND call_id = ? AND tool_call_id = ?)`),
		approvalAsked: db.prepare(`INSERT INTO approvals (run_id, call_id, tool_call_id, tool, asked_at) VALUES (?, ?, ?, ?, ?)`),
		approvalDecided: db.prepare(`UPDATE approvals SET decided_at = ?, approved = ?, source = ?, reason = ?
       WHERE id = (SELECT max(id) FROM approvals WHERE run_id = ? AND call_id = ? AND tool_call_id = ? AND decided_at IS NULL)`),
		approvalDecidedUnasked: db.prepare(`INSERT INTO approvals (run_id, call_id, tool_call_id, tool, decided_at, approved, source, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		warning: db.prepare(`INSERT INTO warnings (run_id, call_id, ts, message) VALUES (?, ?, ?, ?)`),
		index: db.prepare(`INSERT INTO search (run_id, kind, text) VALUES (?, ?, ?)`)
	};
}
export { RECORDED_STATUSES, createPausedRuns, createSqliteRunStore, deleteRuns, listRuns, loadRun, openRunDatabase, resolveRunId, runSummary, runsStartedBefore, searchRuns, settleAbandonedRuns, shortIds };
