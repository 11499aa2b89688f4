import { UsageError } from "../errors.js";
import { pendingApprovals } from "../runtime/state.js";
import { immediate } from "./database.js";
import { processExists } from "./liveness.js";
import { runSummary } from "./run-queries.js";
import { parseRunSnapshot } from "../runtime/saved-state.js";
/** The saved state of run `runId` from its stored text; a UsageError (exit 2) when it cannot be used. */
function parseSavedState(runId, text) {
    if (text === null)
        throw new UsageError(`run ${runId} has no saved state to go on from (it stopped before its first step was saved)`);
    return parseRunSnapshot(text, `run ${runId}'s saved state`, runId);
}
const RESUMABLE = new Set(['paused', 'interrupted', 'running']);
export function createPausedRuns(db, { now = () => new Date() } = {}) {
    const runRow = db.prepare(`SELECT status, pid, host, last_seq, state FROM runs WHERE id = ?`);
    const pausedIds = db.prepare(`SELECT id FROM runs WHERE status = 'paused' ORDER BY started_at, id`);
    const unusedDecisions = db.prepare(`SELECT approval_id, decision, decided_by, decided_at FROM decisions WHERE run_id = ? AND used_at IS NULL`);
    const upsertDecision = db.prepare(`INSERT INTO decisions (run_id, approval_id, decision, decided_at, decided_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (run_id, approval_id) DO UPDATE SET decision = excluded.decision, decided_at = excluded.decided_at, decided_by = excluded.decided_by, used_at = NULL`);
    const claim = db.prepare(`UPDATE runs SET status = 'running', pid = ?, host = ?, exit_code = NULL, ended_at = NULL, error = NULL WHERE id = ?`);
    // The calls the run stopped in go on with it.
    const claimCalls = db.prepare(`UPDATE calls SET status = 'running', ended_at = NULL WHERE run_id = ? AND status IN ('paused', 'interrupted', 'running')`);
    const row = (runId) => {
        const found = runRow.all(runId)[0];
        if (!found)
            throw new UsageError(`no recorded run has the id ${runId}`);
        return found;
    };
    const pausedState = (runId) => {
        const { status, state } = row(runId);
        if (status !== 'paused')
            throw new UsageError(`run ${runId} is not paused (it is ${status}); only a paused run has approvals to decide`);
        return parseSavedState(runId, state);
    };
    const recorded = (runId) => new Map(unusedDecisions.all(runId).map((decision) => [
        decision.approval_id,
        { decision: JSON.parse(decision.decision), decided_by: decision.decided_by, decided_at: decision.decided_at },
    ]));
    const decisionsOf = (runId) => new Map([...recorded(runId)].map(([id, { decision }]) => [id, decision]));
    const pausedRun = (runId) => {
        const decisions = recorded(runId);
        const pending = pendingApprovals(pausedState(runId)).map((approval) => {
            const decision = decisions.get(approval.approval_id);
            return decision ? { ...approval, decision } : approval;
        });
        return { run_id: runId, run: runSummary(db, runId), pending };
    };
    return {
        loadState: (runId) => parseSavedState(runId, row(runId).state),
        pendingApprovals(runId) {
            if (runId !== undefined)
                return [pausedRun(runId)];
            return pausedIds.all().map(({ id }) => pausedRun(id));
        },
        recordDecisions(runId, decisions, decidedBy) {
            immediate(db, () => {
                const pending = new Set(pendingApprovals(pausedState(runId)).map((approval) => approval.approval_id));
                const unknown = [...decisions.keys()].filter((id) => !pending.has(id));
                if (unknown.length > 0) {
                    throw new UsageError(`run ${runId} has no pending approval ${unknown.join(', ')} (pending: ${[...pending].join(', ') || 'none'})`);
                }
                const at = now().toISOString();
                for (const [approvalId, decision] of decisions)
                    upsertDecision.run(runId, approvalId, JSON.stringify(decision), at, decidedBy);
            });
        },
        decisions: decisionsOf,
        reopen(runId, owner) {
            return immediate(db, () => {
                const { status, pid, host, last_seq, state } = row(runId);
                if (!RESUMABLE.has(status))
                    throw new UsageError(`run ${runId} has finished (${status}); there is nothing to resume`);
                if (status === 'running' && host !== owner.host)
                    throw new UsageError(`run ${runId} is already running (pid ${pid} on host ${host})`);
                if (status === 'running' && processExists(pid))
                    throw new UsageError(`run ${runId} is already running (pid ${pid})`);
                const saved = parseSavedState(runId, state);
                claim.run(owner.pid, owner.host, runId);
                claimCalls.run(runId);
                return { lastSeq: last_seq, state: saved, decisions: decisionsOf(runId), previousStatus: status };
            });
        },
    };
}
