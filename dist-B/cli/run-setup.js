/**
 * What `run` and `chat` share: locating the project from TARGET and the flags, turning the run
 * flags into `runWorker` options, and opening the run log.
 */
import { join, relative, resolve } from 'node:path';
import { openProjectGrants } from "../approval/grants.js";
import { UsageError } from "../errors.js";
import { loadProject } from "../project/load-project.js";
import { detectTarget } from "../project/target.js";
import { parseOverride } from "../runtime/overrides.js";
import { recordsRuns } from "../runtime/run-store.js";
import { parseMountGrant } from "../project/mount-table.js";
import { createNodeFileSystem } from "../sandbox/node-file-system.js";
import { printError } from "./io.js";
import { llmDoHome } from "./llm-do-home.js";
/** Loads the project TARGET names and the entry reference the flags or the target imply. */
export async function openRunTarget(target, flags, io) {
    const fs = createNodeFileSystem();
    const located = await detectTarget(target, {
        fs,
        cwd: io.cwd,
        project: flags.project,
        noProject: flags.project === false,
        env: io.env,
        homeDir: io.homeDir,
    });
    const project = await loadProject({
        fs,
        root: located.root,
        ...(located.standaloneFile ? { standalone: { file: located.standaloneFile } } : {}),
        libPaths: (flags.lib ?? []).map((path) => resolve(io.cwd, path)),
        env: io.env,
        homeDir: io.homeDir,
        ...(flags.allowModuleImports ? { allowModuleImports: true } : {}),
        importTools: flags.importTools !== false,
    });
    const entry = flags.entry ?? (located.workerFile && !located.standaloneFile ? `./${relative(located.root, located.workerFile)}` : undefined);
    return { project, ...(entry ? { entry } : {}) };
}
/**
 * The approval mode the flags choose (`undefined`: ask the person). `--approve-all` and
 * `--auto-deny`/`--strict` are aliases of `--on-approval approve|deny`; commander refuses mixing them.
 */
export function approvalFromFlags(flags) {
    if (flags.approveAll || flags.onApproval === 'approve')
        return 'approve_all';
    if (flags.autoDeny || flags.strict || flags.onApproval === 'deny')
        return 'auto_deny';
    return undefined;
}
/**
 * The project's persistent grants (`.llm-do/approvals.yaml`), or undefined for a worker file run on
 * its own (it has no project to keep them in). A malformed file is a ProjectError (exit 2).
 */
export function openGrants(project, io) {
    if (project.standalone)
        return undefined;
    return openProjectGrants({ fs: project.fs, root: project.root, who: io.env.USER ?? io.env.USERNAME ?? 'unknown' });
}
/** Whether a person is asked at the terminal: no flag chose a mode that decides without one. */
export function asksAtTerminal(flags) {
    return approvalFromFlags(flags) === undefined && flags.onApproval !== 'pause';
}
/** `runWorker` options from the flags shared by `run` and `chat`. */
export function runOptionsFromFlags(flags, io) {
    const approval = approvalFromFlags(flags);
    return {
        ...(flags.model ? { model: flags.model } : {}),
        ...(approval ? { approval } : {}),
        ...(flags.onApproval === 'pause' ? { onApproval: 'pause' } : {}),
        ...(flags.maxDepth !== undefined ? { maxDepth: parseDepth(flags.maxDepth) } : {}),
        mounts: (flags.mount ?? []).map((spec) => parseMountGrant(spec, io.cwd)),
        set: (flags.set ?? []).map(parseOverride),
        stream: flags.stream !== false,
        env: io.env,
    };
}
function parseDepth(value) {
    const depth = Number(value);
    if (!Number.isInteger(depth) || depth < 0)
        throw new UsageError(`--max-depth expects a whole number ≥ 0, got "${value}"`);
    return depth;
}
/** `$LLM_DO_HOME/runs.db`. */
export function runLogPath(io) {
    return join(llmDoHome(io), 'runs.db');
}
/**
 * Opens the run log unless `--no-log` or the manifest's `log: false` turn recording off. An unusable
 * log is a ProjectError (exit 2) here, before any model request; a write failing later is one warning.
 */
export async function openRunLog(flags, project, io, resumedRunId) {
    if (flags.log === false || !recordsRuns(project))
        return undefined;
    const { openRunDatabase, createSqliteRunStore } = await import("../store/index.js");
    const file = runLogPath(io);
    const db = openRunDatabase(file);
    const inner = createSqliteRunStore(db, {
        onWriteFailure: (error) => printError(io, `llm-do: warning: recording stopped, could not write the run log ${file} (${error.message}); the run goes on`),
    });
    let lastRun = resumedRunId;
    return {
        store: {
            begin(run) {
                lastRun = run.run_id;
                inner.begin(run);
            },
            record: (event) => inner.record(event),
            checkpoint: (state) => inner.checkpoint?.(state),
        },
        runs: inner,
        recordExit: (exitCode) => void (lastRun && inner.setExitCode(lastRun, exitCode)),
        close: () => void db.close(),
    };
}
/**
 * The run `ref` names in the run log (an id, a unique prefix of one, or `last`), its status and
 * its latest saved state; a run whose process is gone counts as interrupted.
 */
export async function loadRunState(ref, io) {
    const store = await import("../store/index.js");
    const db = store.openRunDatabase(runLogPath(io));
    try {
        store.settleAbandonedRuns(db);
        const runId = store.resolveRunId(db, ref);
        const status = store.runSummary(db, runId)?.status;
        return { runId, status, state: store.createPausedRuns(db).loadState(runId) };
    }
    finally {
        db.close();
    }
}
