/** Approves every question (`--on-approval approve`). */
export const approveAll = {
    mode: 'approve',
    decidedBy: 'mode',
    interactive: false,
    decide: async () => ({ action: 'approve' }),
};
/** Denies every question with `message` as the model-visible text (`--on-approval deny`). */
export function denyAll(message = 'denied by policy (auto_deny)') {
    return { mode: 'deny', decidedBy: 'policy', interactive: false, decide: async () => ({ action: 'deny', message }) };
}
/** Leaves every question pending (`--on-approval pause`): the run stops and is resumed once decided. */
export const pauseAll = {
    mode: 'pause',
    decidedBy: 'mode',
    interactive: false,
    decide: async () => ({ action: 'pause' }),
};
/** The denial a tool call gets when a person should be asked but nobody can be. */
export function noTerminalMessage(toolName) {
    return `approval needed for ${toolName} but no terminal; use --approve-all or pre-approve the tool`;
}
/** `ask` mode without anyone to ask: denies, saying why (SPEC §8). */
export const noTerminal = {
    mode: 'ask',
    decidedBy: 'no-terminal',
    interactive: false,
    decide: async (question) => ({ action: 'deny', message: noTerminalMessage(question.tool) }),
};
/**
 * Answers given in advance, by `approval_id` or `tool_call_id`; `fallback` answers the rest. Each
 * answer is used once: it decides the question it was given for, never a later call that happens
 * to reuse an id (a tool call id is the model's to choose).
 *
 * @example
 * fromDecisions(new Map([['call-1', { action: 'approve' }]]), denyAll('not decided in advance'));
 */
export function fromDecisions(decisions, fallback) {
    const unused = new Map(decisions);
    const take = (id) => {
        const given = unused.get(id);
        unused.delete(id);
        return given;
    };
    return {
        mode: 'decisions',
        decidedBy: 'user',
        interactive: fallback.interactive,
        async decide(question, signal) {
            const given = take(question.approval_id) ?? take(question.tool_call_id);
            return given ?? fallback.decide(question, signal);
        },
    };
}
/** A person answering through a prompter (the terminal's a/s/t/p/d/q). */
export function fromPrompter(prompter) {
    return {
        mode: 'ask',
        decidedBy: 'user',
        interactive: true,
        async decide(question, signal) {
            return decisionOf(await prompter.ask(requestOf(question), signal));
        },
    };
}
/**
 * A function deciding each question (a browser, a web UI, a library caller). A thrown error fails
 * the tool call's authorisation as any error would; anything but a `Decision` is treated as a denial.
 */
export function callback(decide) {
    return {
        mode: 'callback',
        decidedBy: 'callback',
        interactive: true,
        async decide(question) {
            const decision = await decide(question);
            return isDecision(decision) ? decision : { action: 'deny', message: 'denied: the approval callback returned no decision' };
        },
    };
}
function isDecision(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const { action, remember } = value;
    if (action === 'approve')
        return remember === undefined || remember === 'call' || remember === 'tool' || remember === 'project';
    return action === 'deny' || action === 'abort' || action === 'pause';
}
function requestOf(question) {
    return {
        chain: question.chain,
        toolset: question.toolset,
        toolName: question.tool,
        args: question.args,
        description: question.description,
        // Empty ids stand for a call made outside the runtime (a bare controller); the prompter gets none.
        ...(question.call_id ? { callId: question.call_id } : {}),
        ...(question.tool_call_id ? { toolCallId: question.tool_call_id } : {}),
        ...(question.note ? { note: question.note } : {}),
    };
}
function decisionOf(answer) {
    switch (answer.action) {
        case 'approve_once':
            return { action: 'approve' };
        case 'approve_call':
            return { action: 'approve', remember: 'call' };
        case 'approve_tool':
            return { action: 'approve', remember: 'tool' };
        case 'approve_project':
            return { action: 'approve', remember: 'project' };
        case 'deny':
            return answer.reason ? { action: 'deny', reason: answer.reason } : { action: 'deny' };
        case 'abort':
            return { action: 'abort' };
    }
}
