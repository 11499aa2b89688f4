/**
 * The approval gate (SPEC §8, §17): every tool call of a run passes through it, sub-workers
 * included. `precheck` settles what needs nobody (rule, persistent grant, session memory); `ask`
 * puts the question to the run's decision source; `apply` remembers what the answer says and emits
 * the `approval_decision` event naming what decided.
 */
import { AbortedError, RunError } from "../errors.js";
import { createSessionMemory } from "./session-memory.js";
import { untilAborted } from "./until-aborted.js";
/** Creates the gate of one run. */
export function createApprovalGate(options) {
    const { source, grants, onEvent, memory = createSessionMemory() } = options;
    // Questions are put one at a time: each asker waits for every earlier one to finish.
    let queue = Promise.resolve();
    let abortedByUser;
    function decided(request, decision) {
        // A pending call is not decided yet: its approval_request says it waits.
        if (decision.pending)
            return decision;
        onEvent?.({
            type: 'approval_decision',
            chain: request.chain,
            callId: request.callId,
            toolCallId: request.toolCallId,
            tool: request.toolName,
            approved: decision.approved,
            source: decision.source,
            ...(decision.approved ? {} : { reason: decision.message }),
        });
        return decision;
    }
    function remembered(request) {
        const key = toolKeyOf(request);
        if (grants?.covers(key, request.args))
            return { approved: true, source: 'grant' };
        if (memory.isApproved(key, request.args))
            return { approved: true, source: 'session' };
        return undefined;
    }
    function precheck(request, rule) {
        if (rule === 'preApproved')
            return { approved: true, source: 'rule' };
        // Before grants and memory: nothing a person or a grant said widens a `blocked` rule.
        if (rule === 'blocked')
            return { approved: false, source: 'policy', message: 'blocked by policy' };
        // A call put again with a note (it may already have run) is for the source to decide.
        return request.note ? undefined : remembered(request);
    }
    function requested(request, question) {
        onEvent?.({ type: 'approval_request', chain: request.chain, callId: request.callId, toolCallId: request.toolCallId, tool: request.toolName, approvalId: question.approval_id, args: request.args });
    }
    async function apply(request, decision, question) {
        const by = source.decidedBy;
        switch (decision.action) {
            case 'approve': {
                const key = toolKeyOf(request);
                if (decision.remember === 'tool')
                    memory.approveTool(key);
                else if (decision.remember === 'project' && grants)
                    await grants.add(key, request.args);
                else if (decision.remember)
                    memory.approveCall(key, request.args);
                return { approved: true, source: by };
            }
            case 'deny': {
                const reason = decision.reason?.trim();
                const message = decision.message ?? (reason ? `denied by user: ${reason}` : 'denied by user');
                return { approved: false, source: by, message };
            }
            case 'pause': {
                if (!request.canPause) {
                    const message = `denied: ${request.toolName} needs a decision, and a run cannot pause inside tool code (ctx.callWorker); decide it with --on-approval ask, or pre-approve it`;
                    return { approved: false, source: by, message };
                }
                if (!source.interactive)
                    requested(request, question);
                return { approved: false, source: by, message: 'waiting for a decision', pending: { approvalId: question.approval_id } };
            }
            case 'abort':
                abortedByUser = new RunError('aborted-by-user', request.chain.at(-1) ?? '', `run aborted by user at the approval prompt for ${request.toolName}`);
                decided(request, { approved: false, source: by, message: 'aborted by user' });
                throw abortedByUser;
        }
    }
    async function ask(request, signal) {
        if (!source.interactive) {
            const question = questionOf(request);
            return apply(request, await source.decide(question, signal), question);
        }
        const earlier = queue;
        let finished;
        const mine = new Promise((resolve) => (finished = resolve));
        queue = earlier.then(() => mine);
        try {
            await untilAborted(earlier, signal);
            if (abortedByUser)
                throw abortedByUser;
            // An earlier answer may have just approved this call or tool.
            const meanwhile = remembered(request);
            if (meanwhile)
                return meanwhile;
            const question = questionOf(request);
            requested(request, question);
            return await apply(request, await untilAborted(source.decide(question, signal), signal), question);
        }
        finally {
            finished();
        }
    }
    return {
        precheck,
        ask,
        async authorize(request, rule, signal) {
            if (signal?.aborted)
                throw new AbortedError();
            if (abortedByUser)
                throw abortedByUser;
            return decided(request, precheck(request, rule) ?? (await ask(request, signal)));
        },
    };
}
function toolKeyOf(request) {
    return { toolset: request.toolset, tool: request.toolName };
}
function questionOf(request) {
    return {
        approval_id: request.approvalId ?? crypto.randomUUID(),
        call_id: request.callId ?? '',
        tool_call_id: request.toolCallId ?? '',
        chain: request.chain,
        toolset: request.toolset,
        tool: request.toolName,
        args: request.args,
        description: request.description,
        ...(request.note ? { note: request.note } : {}),
    };
}
