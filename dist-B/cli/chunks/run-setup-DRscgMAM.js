import { a as detectTarget, i as parseOverride, n as recordsRuns, s as openProjectGrants } from "./run-store-Iq2qZpIU.js";
import { u as UsageError } from "./errors-C1ynlXzT.js";
import { E as parseMountGrant, n as loadProject } from "./load-project-D2lg0gTi.js";
import { t as createNodeFileSystem } from "./node-file-system-B04V6Vr6.js";
import { i as printError } from "./exit-codes-DFAtt0Sv.js";
import { t as llmDoHome } from "./llm-do-home-DPJMPTNt.js";
import { join, relative, resolve } from "node:path";
// src/cli/run-setup.ts
/**
* What `run` and `chat` share: locating the project from TARGET and the flags, turning the run
* flags into `runWorker` options, and opening the run log.
*/
/** Loads the project TARGET names and the entry reference the flags or the target imply. */
async function openRunTarget(target, flags, io) {
	const fs = createNodeFileSystem();
	const located = await detectTarget(target, {
		fs,
		cwd: io.cwd,
		project: flags.project,
		noProject: flags.project === false,
		env: io.env,
		homeDir: io.homeDir
	});
	const project = await loadProject({
		fs,
		root: located.root,
		...located.standaloneFile ? { standalone: { file: located.standaloneFile } } : {},
		libPaths: (flags.lib ?? []).map((path) => resolve(io.cwd, path)),
		env: io.env,
		homeDir: io.homeDir,
		...flags.allowModuleImports ? { allowModuleImports: true } : {},
		importTools: flags.importTools !== false
	});
	const entry = flags.entry ?? (located.workerFile && !located.standaloneFile ? `./${relative(located.root, located.workerFile)}` : void 0);
	return {
		project,
		...entry ? { entry } : {}
	};
}
/**
* The approval mode the flags choose (`undefined`: ask the person). `--approve-all` and
* `--auto-deny`/`--strict` are aliases of `--on-approval approve|deny`; commander refuses mixing them.
*/
function approvalFromFlags(flags) {
	if (flags.approveAll || flags.onApproval === "approve") return "approve_all";
	if (flags.autoDeny || flags.strict || flags.onApproval === "deny") return "auto_deny";
}
/**
* The project's persistent grants (`.llm-do/approvals.yaml`), or undefined for a worker file run on
* its own (it has no project to keep them in). A malformed file is a ProjectError (exit 2).
*/
function openGrants(project, io) {
	if (project.standalone) return void 0;
	return openProjectGrants({
		fs: project.fs,
		root: project.root,
		who: io.env.USER ?? io.env.USERNAME ?? "unknown"
	});
}
/** Whether a person is asked at the terminal: no flag chose a mode that decides without one. */
function asksAtTerminal(flags) {
	return approvalFromFlags(flags) === void 0 && flags.onApproval !== "pause";
}
/** `runWorker` options from the flags shared by `run` and `chat`. */
function runOptionsFromFlags(flags, io) {
	const approval = approvalFromFlags(flags);
	return {
		...flags.model ? { model: flags.model } : {},
		...approval ? { approval } : {},
		...flags.onApproval === "pause" ? { onApproval: "pause" } : {},
		...flags.maxDepth !== void 0 ? { maxDepth: parseDepth(flags.maxDepth) } : {},
		mounts: (flags.mount ?? []).map((spec) => parseMountGrant(spec, io.cwd)),
		set: (flags.set ?? []).map(parseOverride),
		stream: flags.stream !== false,
		env: io.env
	};
}
function parseDepth(value) {
	const depth = Number(value);
	if (!Number.isInteger(depth) || depth < 0) throw new UsageError(`--max-depth expects a whole number ≥ 0, got "${value}"`);
	return depth;
}
/** `$LLM_DO_HOME/runs.db`. */
function runLogPath(io) {
	return join(llmDoHome(io), "runs.db");
}
/**
* Opens the run log unless `--no-log` or the manifest's `log: false` turn recording off. An unusable
* log is a ProjectError (exit 2) here, before any model request; a write failing later is one warning.
*/
async function openRunLog(flags, project, io, resumedRunId) {
	if (flags.log === false || !recordsRuns(project)) return void 0;
	const { openRunDatabase, createSqliteRunStore } = await import("./store-V7We3r7O.js");
	const file = runLogPath(io);
	const db = openRunDatabase(file);
	const inner = createSqliteRunStore(db, { onWriteFailure: (error) => printError(io, `llm-do: warning: recording stopped, could not write the run log ${file} (${error.message}); the run goes on`) });
	let lastRun = resumedRunId;
	return {
		store: {
			begin(run) {
				lastRun = run.run_id;
				inner.begin(run);
			},
			record: (event) => inner.record(event),
			checkpoint: (state) => inner.checkpoint?.(state)
		},
		runs: inner,
		recordExit: (exitCode) => void (lastRun && inner.setExitCode(lastRun, exitCode)),
		close: () => void db.close()
	};
}
/**
* The run `ref` names in the run log (an id, a unique prefix of one, or `last`), its status and
* its latest saved state; a run whose process is gone counts as interrupted.
*/
async function loadRunState(ref, io) {
	const store = await import("./store-V7We3r7O.js");
	const db = store.openRunDatabase(runLogPath(io));
	try {
		store.settleAbandonedRuns(db);
		const runId = store.resolveRunId(db, ref);
		return {
			runId,
			status: store.runSummary(db, runId)?.status,
			state: store.createPausedRuns(db).loadState(runId)
		};
	} finally {
		db.close();
	}
}
export { openRunTarget as a, openRunLog as i, loadRunState as n, runLogPath as o, openGrants as r, runOptionsFromFlags as s, asksAtTerminal as t };
