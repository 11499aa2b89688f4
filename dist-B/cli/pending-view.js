import { formatTime } from "./commands/runs-view.js";
import { renderArguments } from "./diff-view.js";
import { shorten } from "./progress.js";
import { createStyle } from "./style.js";
import { escapeTerminalText as safe } from "./terminal-text.js";
/** The shortest prefix of each id, at least 8 characters, that no other id of `ids` starts with. */
export function shortApprovalIds(ids) {
    const common = (a, b) => {
        let length = 0;
        while (length < a.length && a[length] === b[length])
            length++;
        return length;
    };
    return new Map(ids.map((id) => [id, id.slice(0, Math.max(8, ...ids.filter((other) => other !== id).map((other) => common(id, other) + 1)))]));
}
/** `main › helper`, escaped. */
export function chainText(chain) {
    return safe(chain.join(' › '));
}
/** `approved (this tool for the rest of the run)`, `denied: not now`. */
export function decisionText(decision) {
    if (decision.action === 'deny')
        return decision.reason ? `denied: ${shorten(decision.reason, false, 200)}` : 'denied';
    const remembered = { call: ' (this call for the rest of the run)', tool: ' (this tool for the rest of the run)', project: ' (always, in this project)' };
    return `approved${decision.remember ? remembered[decision.remember] : ''}`;
}
/**
 * The pending approvals of run `runId`, one block each, then what to do next: the commands that
 * decide them, or `llm-do resume RUN` once all are decided.
 */
export function renderPending(runId, pending, options = {}) {
    const { style = createStyle(false), width = 100, full = false, seeAll = `llm-do approvals ${runId} --full shows everything` } = options;
    const ids = shortApprovalIds(pending.map((item) => item.approval_id));
    const lines = [];
    for (const item of pending) {
        const description = shorten(item.description.split('\n')[0] ?? '', false, width);
        lines.push(`  ${style.bold(ids.get(item.approval_id))}  ${style.bold(chainText(item.chain))} wants to run ${style.bold(safe(item.tool))}`);
        if (description)
            lines.push(`    ${style.dim(description)}`);
        lines.push(...renderArguments(item.tool, item.args, { style, full, seeAll }).lines.map((line) => `  ${line}`));
        if (item.note)
            lines.push(`    ${style.yellow(`note: ${safe(item.note)}`)}`);
        const { decision } = item;
        lines.push(decision ? `    decision: ${decisionText(decision.decision)} (${safe(decision.decided_by)}, ${formatTime(decision.decided_at)} UTC)` : '    decision: none yet');
    }
    const undecided = pending.filter((item) => !item.decision).length;
    lines.push(undecided === 0
        ? `every pending approval is decided; go on with: llm-do resume ${runId}`
        : `decide with: llm-do approve ${runId} ID…|--all [--session]  or  llm-do deny ${runId} ID [--reason TEXT]; then: llm-do resume ${runId}`);
    return lines.join('\n');
}
/** The pending approvals as `--json` prints them. */
export function pendingJson(pending) {
    return pending.map(({ approval_id, call_id, chain, tool, args, note, decision }) => ({
        approval_id,
        call_id,
        chain,
        tool,
        args,
        ...(note ? { note } : {}),
        ...(decision ? { decision: { ...decision.decision, decided_by: decision.decided_by, decided_at: decision.decided_at } } : {}),
    }));
}
