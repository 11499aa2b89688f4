/**
 * `llm-do approve RUN [ID…|--all] [--session]` and `llm-do deny RUN ID [--reason TEXT]`: record
 * decisions for the pending approvals of a paused run (SPEC §17), for `llm-do resume RUN` to act on.
 * Approvals are named by a unique prefix of their id. Every check comes before anything is written,
 * and the decisions of one command are recorded together or not at all.
 */
import { hostname } from 'node:os';
import { UsageError } from "../../errors.js";
import { chainText, decisionText, shortApprovalIds } from "../pending-view.js";
import { escapeTerminalText as safe } from "../terminal-text.js";
import { withRunLog } from "./runs.js";
export function runApprove(ref, ids, options, io) {
    const decision = options.session ? { action: 'approve', remember: 'tool' } : { action: 'approve' };
    return decide(ref, io, (runId, pending) => {
        if (options.all && ids.length > 0)
            throw new UsageError('approve takes approval IDs or --all, not both');
        if (options.all) {
            const undecided = pending.filter((item) => !item.decision);
            if (undecided.length === 0)
                throw new UsageError(`every pending approval of run ${runId} is decided already; name an ID to change its decision (${listed(pending)})`);
            return new Map(undecided.map((item) => [item.approval_id, decision]));
        }
        if (ids.length === 0)
            throw new UsageError(`approve needs the IDs of the approvals to approve, or --all (pending in run ${runId}: ${listed(pending)})`);
        return new Map(ids.map((id) => [resolveApproval(runId, pending, id), decision]));
    });
}
export function runDeny(ref, id, options, io) {
    return decide(ref, io, (runId, pending) => {
        if (id === undefined)
            throw new UsageError(`deny needs the ID of the approval to deny (pending in run ${runId}: ${listed(pending)})`);
        if (options.reason !== undefined && options.reason.trim() === '')
            throw new UsageError('--reason expects a text for the model, e.g. --reason "write to out/ instead"');
        const decision = options.reason === undefined ? { action: 'deny' } : { action: 'deny', reason: options.reason };
        return new Map([[resolveApproval(runId, pending, id), decision]]);
    });
}
/** Resolves the run, chooses the decisions, records them all, and says what is recorded and what is left. */
function decide(ref, io, choose) {
    return withRunLog(io, false, {}, (db, store) => {
        const runId = store.resolveRunId(db, ref);
        const paused = store.createPausedRuns(db);
        const { pending } = paused.pendingApprovals(runId)[0];
        if (pending.length === 0)
            throw new UsageError(`run ${runId} is paused with no pending approval to decide; go on with: llm-do resume ${runId}`);
        const chosen = choose(runId, pending);
        paused.recordDecisions(runId, chosen, `${io.env.USER ?? 'unknown'}@${hostname()}`);
        const short = shortApprovalIds(pending.map((item) => item.approval_id));
        const describe = (item) => `${short.get(item.approval_id)}  ${chainText(item.chain)} › ${safe(item.tool)}`;
        const lines = pending.filter((item) => chosen.has(item.approval_id)).map((item) => `${decisionText(chosen.get(item.approval_id))}: ${describe(item)}`);
        const undecided = pending.filter((item) => !item.decision && !chosen.has(item.approval_id));
        if (undecided.length > 0)
            lines.push(`still undecided: ${undecided.map(describe).join(', ')}`);
        lines.push(undecided.length > 0 ? `once all are decided: llm-do resume ${runId}` : `next: llm-do resume ${runId}`);
        return lines.join('\n');
    });
}
/** The full id of the pending approval `prefix` names; a UsageError listing the pending ones if none or several do. */
function resolveApproval(runId, pending, prefix) {
    const matches = pending.filter((item) => item.approval_id.startsWith(prefix.toLowerCase()));
    if (matches.length === 1 && prefix !== '')
        return matches[0].approval_id;
    if (matches.length === 0 || prefix === '')
        throw new UsageError(`run ${runId} has no pending approval with an id starting with "${prefix}" (pending: ${listed(pending)})`);
    throw new UsageError(`"${prefix}" is the start of more than one pending approval id of run ${runId} (${listed(matches)}); give more of it`);
}
/** `a1b2c3d4 (main › helper › shell), …`, each id shortened as among `all`. */
function listed(items, all = items) {
    if (items.length === 0)
        return 'none';
    const short = shortApprovalIds(all.map((item) => item.approval_id));
    return items.map((item) => `${short.get(item.approval_id)} (${chainText(item.chain)} › ${safe(item.tool)})`).join(', ');
}
