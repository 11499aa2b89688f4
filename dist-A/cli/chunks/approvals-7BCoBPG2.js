import { a as detectTarget, s as openProjectGrants } from "./run-store-CriZAqLK.js";
import { u as UsageError } from "./errors-C1ynlXzT.js";
import { t as createNodeFileSystem } from "./node-file-system-D-O8cv29.js";
import { a as printLine, c as terminalSafeJson, n as reportError, r as reportJsonError, s as escapeTerminalText } from "./exit-codes-DFAtt0Sv.js";
import { r as shorten } from "./progress-MB0eMax-.js";
import { i as renderPending, r as pendingJson } from "./pending-view-BoFLn27q.js";
import { a as withRunLog } from "./runs-Di9DgduC.js";
import { i as formatTime } from "./runs-view-CoGT_KAa.js";
// src/cli/commands/approvals.ts
/**
* `llm-do approvals [RUN]`: the pending approvals of paused runs, with the decisions recorded so far
* (SPEC §17). `llm-do approvals rules [DIR]`: the persistent grants of a project
* (`.llm-do/approvals.yaml`), numbered; `--revoke N` removes grant N. Arguments came from a model:
* they are escaped.
*/
/** Lists the pending approvals of run `ref` (an id, a unique prefix or `last`), or of every paused run. */
function runApprovalsList(ref, options, io) {
	return withRunLog(io, options.json, { runs: [] }, (db, store) => {
		const paused = store.createPausedRuns(db).pendingApprovals(ref === void 0 ? void 0 : store.resolveRunId(db, ref));
		if (options.json) return { runs: paused.map(({ run_id, run, pending }) => ({
			run_id,
			status: run.status,
			pending: pendingJson(pending)
		})) };
		if (paused.length === 0) return "no paused runs";
		return paused.map(({ run_id, run, pending }) => {
			const when = (iso) => iso ? `${formatTime(iso)} UTC` : "-";
			return `${`run ${run_id} · project ${escapeTerminalText(run.project)} · entry ${escapeTerminalText(run.entry)} · started ${when(run.started_at)} · paused ${when(run.ended_at)}`}\n${renderPending(run_id, pending, { full: Boolean(options.full) })}`;
		}).join("\n\n");
	});
}
/** Lists the grants of the project at `dir`, or revokes one. */
async function runApprovalRules(dir, options, io) {
	try {
		const revoke = options.revoke === void 0 ? void 0 : grantNumber(options.revoke);
		const fs = createNodeFileSystem();
		const located = await detectTarget(dir, {
			fs,
			cwd: io.cwd,
			project: options.project,
			env: io.env,
			homeDir: io.homeDir
		});
		if (located.standaloneFile) throw new UsageError(`${dir}: a worker file on its own has no project to keep grants in; name a project directory`);
		const grants = await openProjectGrants({
			fs,
			root: located.root,
			who: io.env.USER ?? "unknown"
		});
		if (revoke !== void 0) {
			const revoked = await grants.revoke(revoke);
			printLine(io, options.json ? terminalSafeJson({
				file: grants.file,
				revoked: numbered(revoked, revoke)
			}) : `revoked grant ${revoke}: ${describe(revoked)}`);
			return 0;
		}
		const list = grants.list();
		if (options.json) printLine(io, terminalSafeJson({
			file: grants.file,
			grants: list.map((grant, index) => numbered(grant, index + 1))
		}));
		else if (list.length === 0) printLine(io, `no grants in ${escapeTerminalText(grants.file)}`);
		else list.forEach((grant, index) => printLine(io, `${index + 1}. ${describe(grant)}`));
		return 0;
	} catch (error) {
		return options.json ? reportJsonError(error, io) : reportError(error, io);
	}
}
function grantNumber(text) {
	const n = Number(text);
	if (!/^\d+$/.test(text) || n < 1) throw new UsageError(`--revoke expects a grant number ≥ 1 (see llm-do approvals rules), got "${text}"`);
	return n;
}
function numbered(grant, n) {
	return {
		n,
		...grant
	};
}
/** `filesystem.write_file {"path":…}  (ada, 2026-01-02T…)`, escaped and cut to one readable line. */
function describe(grant) {
	return `${escapeTerminalText(`${grant.toolset}.${grant.tool}`)} ${shorten(grant.args, false, 160)}  (${escapeTerminalText(grant.granted_by)}, ${escapeTerminalText(grant.granted_at)})`;
}
export { runApprovalRules, runApprovalsList };
